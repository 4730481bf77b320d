/// PNG row filters (filter method 0) for rows compressed by zlib.
enum RowFilter {
    /// Writes filter type 1 (Sub) and the Sub-filtered row to `output` (`count + 1` bytes).
    ///
    /// Sub alone was measured against choosing per row among Sub, Up and Paeth by libpng's
    /// sum-of-magnitudes heuristic: on smooth gradients it compresses as well or better
    /// (zlib finds the repeated difference patterns) and costs a single pass.
    static func sub(
        _ row: UnsafePointer<UInt8>, count: Int, bytesPerPixel: Int, output: UnsafeMutablePointer<UInt8>
    ) {
        output[0] = 1
        let out = output + 1
        let head = min(bytesPerPixel, count)
        out.update(from: row, count: head)
        for index in head..<count {
            out[index] = row[index] &- row[index - bytesPerPixel]
        }
    }
}
