import Glibc

/// Why an output file could not be written.
struct OutputFileError: Error, CustomStringConvertible {
    var description: String
}

/// Writes a file atomically: into a temporary file beside it, renamed over the target only once complete, so a
/// failure never leaves a partial or empty file behind. `-` writes to standard output instead.
enum OutputFile {
    static func write(
        to path: String, _ produce: (@escaping (UnsafeRawBufferPointer) throws -> Void) throws -> Void
    ) throws {
        if path == "-" {
            try produce { bytes in try writeAll(bytes, to: STDOUT_FILENO) }
            return
        }
        let slash = path.lastIndex(of: "/")
        let directory = slash.map { String(path[...$0]) } ?? ""
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        var template = Array((directory + "." + name + ".XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { throw OutputFileError(description: String(cString: strerror(errno))) }
        let temporary = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var isOpen = true
        do {
            try produce { bytes in try writeAll(bytes, to: descriptor) }
            guard fchmod(descriptor, 0o644) == 0 else {
                throw OutputFileError(description: String(cString: strerror(errno)))
            }
            isOpen = false
            guard close(descriptor) == 0, rename(temporary, path) == 0 else {
                throw OutputFileError(description: String(cString: strerror(errno)))
            }
        } catch {
            if isOpen { close(descriptor) }
            unlink(temporary)
            throw error
        }
    }

    private static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) throws {
        var offset = 0
        while offset < bytes.count {
            let written = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                throw OutputFileError(description: String(cString: strerror(errno)))
            }
            offset += written
        }
    }
}
