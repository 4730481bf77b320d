/// Whether a frame's colours fit a palette, which decides ``WebPSettings/paletteAlternatives``.
public enum WebPColorCount {
    /// The most distinct colours libwebp codes with a palette (its colour-indexing transform).
    public static let paletteLimit = 256

    /// Slots of the open-addressed set of colours seen: a power of two, at least twice ``paletteLimit``.
    private static let tableSize = 1024

    /// Whether the first `pixelCount` pixels of `pixels` (`channels` bytes each, 3 or 4, tightly packed) hold at most
    /// ``paletteLimit`` distinct colours (alpha included). Stops at the first colour past the limit; a pixel equal
    /// to the one before it costs one comparison, so a gradient's runs of equal pixels are passed over quickly.
    public static func fitsPalette(pixels: UnsafeRawBufferPointer, pixelCount: Int, channels: Int) -> Bool {
        precondition(channels == 3 || channels == 4, "channels must be 3 or 4")
        precondition(pixels.count >= pixelCount * channels, "fewer bytes than pixels")
        guard pixelCount > 0 else { return true }
        // Colours are stored plus one, so that 0 marks an empty slot.
        var slots = [UInt64](repeating: 0, count: tableSize)
        var distinct = 0
        var previous: UInt64 = 0
        return slots.withUnsafeMutableBufferPointer { table in
            for index in 0..<pixelCount {
                let offset = index * channels
                var color = UInt64(pixels[offset]) << 24 | UInt64(pixels[offset + 1]) << 16
                color |= UInt64(pixels[offset + 2]) << 8 | UInt64(channels == 4 ? pixels[offset + 3] : 255)
                let key = color + 1
                if key == previous { continue }
                previous = key
                var slot = Int(truncatingIfNeeded: (color &* 0x9E37_79B9_7F4A_7C15) >> 54) & (tableSize - 1)
                while table[slot] != 0 && table[slot] != key {
                    slot = (slot + 1) & (tableSize - 1)
                }
                if table[slot] == 0 {
                    distinct += 1
                    if distinct > paletteLimit { return false }
                    table[slot] = key
                }
            }
            return true
        }
    }
}
