import Foundation

/// Writes progress and diagnostics to standard error, keeping standard output for results.
enum StandardError {
    /// Writes `message` and a newline.
    static func print(_ message: String) {
        FileHandle.standardError.write(Data((message + "\n").utf8))
    }
}
