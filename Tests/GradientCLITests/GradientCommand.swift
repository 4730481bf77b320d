import Foundation

/// Runs the built `gradient` executable (it sits beside the test bundle) and captures what it prints.
func runGradient(
    _ arguments: [String], in directory: URL? = nil
) throws -> (status: Int32, stdout: Data, stderr: String) {
    let executable = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        .appendingPathComponent("gradient")
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    if let directory { process.currentDirectoryURL = directory }
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    let stdout = output.fileHandleForReading.readDataToEndOfFile()
    let stderr = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, stdout, String(decoding: stderr, as: UTF8.self))
}

func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("gradient-cli-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// Runs `body` with a new temporary directory, removed afterwards.
func withTemporaryDirectory(_ body: (URL) throws -> Void) throws {
    let url = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: url) }
    try body(url)
}
