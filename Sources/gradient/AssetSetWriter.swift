import Glibc
import GradientImage

/// Writes an ``AssetSet`` so that it appears whole or not at all.
///
/// Everything is rendered into a temporary directory beside the target (same filesystem) and then moved into place
/// by `rename`: the whole root at once when it does not exist yet (the `.imageset`, or a new `res`), else file by
/// file into an existing `res`, undoing the moves already made if one fails. A target that exists already (an
/// `.imageset`, or one of the PNGs in an existing `res`) is refused before anything is written; on any failure
/// the temporary directory is removed.
enum AssetSetWriter {
    /// Writes `set` under `root`, each image rendered from `identities` (one per ``AssetSet/images`` entry);
    /// `mergesIntoExistingRoot` allows `root` to exist already (Android's `res`).
    static func write(
        _ set: AssetSet, identities: [ImageIdentity], to root: String, mergesIntoExistingRoot: Bool
    ) throws(OutputFileError) {
        let root = String(root.reversed().drop { $0 == "/" }.reversed())
        let slash = root.lastIndex(of: "/")
        let parent = slash.map { root[..<$0].isEmpty ? "/" : String(root[..<$0]) } ?? "."
        let leaf = slash.map { String(root[root.index(after: $0)...]) } ?? root
        guard isDirectory(parent) else { throw OutputFileError(description: "\(parent) is not a directory") }
        let rootExists = exists(root)
        if rootExists {
            guard mergesIntoExistingRoot else { throw OutputFileError(description: "\(root) already exists") }
            guard isDirectory(root) else { throw OutputFileError(description: "\(root) is not a directory") }
            for image in set.images where exists(root + "/" + image.path) {
                throw OutputFileError(description: "\(root)/\(image.path) already exists")
            }
        }
        var template = Array((parent + "/." + leaf + ".XXXXXX").utf8CString)
        guard template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) != nil else {
            throw OutputFileError(description: "cannot create a directory in \(parent): \(lastError())")
        }
        let staging = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        defer { removeTree(staging) }
        try stage(set, identities: identities, in: staging)
        if rootExists {
            try merge(set, from: staging, into: root)
        } else {
            guard chmod(staging, 0o755) == 0, rename(staging, root) == 0 else {
                throw OutputFileError(description: "cannot create \(root): \(lastError())")
            }
        }
    }

    /// Renders and writes every file of `set` under `staging`.
    private static func stage(
        _ set: AssetSet, identities: [ImageIdentity], in staging: String
    ) throws(OutputFileError) {
        for directory in set.directories where mkdir(staging + "/" + directory, 0o755) != 0 {
            throw OutputFileError(description: "cannot create \(directory): \(lastError())")
        }
        do {
            for (path, bytes) in set.extraFiles {
                try OutputFile.write(to: staging + "/" + path) { sink in try bytes.withUnsafeBytes { try sink($0) } }
            }
            for (image, identity) in zip(set.images, identities) {
                try OutputFile.write(to: staging + "/" + image.path) { sink in
                    try ImageRenderer.render(identity, pipelined: true, to: sink)
                }
            }
        } catch let error as OutputFileError {
            throw error
        } catch {
            throw OutputFileError(description: "\(error)")
        }
    }

    /// Moves the staged images of `set` into the existing `root`, creating the folders it lacks; on failure, moves
    /// back what was moved and removes the folders it created.
    private static func merge(_ set: AssetSet, from staging: String, into root: String) throws(OutputFileError) {
        var createdDirectories: [String] = []
        var movedImages: [String] = []
        do throws(OutputFileError) {
            for directory in set.directories where !exists(root + "/" + directory) {
                guard mkdir(root + "/" + directory, 0o755) == 0 else {
                    throw OutputFileError(description: "cannot create \(root)/\(directory): \(lastError())")
                }
                createdDirectories.append(directory)
            }
            for image in set.images {
                guard rename(staging + "/" + image.path, root + "/" + image.path) == 0 else {
                    throw OutputFileError(description: "cannot write \(root)/\(image.path): \(lastError())")
                }
                movedImages.append(image.path)
            }
        } catch {
            for path in movedImages.reversed() where rename(root + "/" + path, staging + "/" + path) != 0 {
                unlink(root + "/" + path)
            }
            for directory in createdDirectories.reversed() { rmdir(root + "/" + directory) }
            throw error
        }
    }

    private static func exists(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0
    }

    private static func isDirectory(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR
    }

    /// Removes `path` and everything under it (it holds only files and folders this writer made); a missing path
    /// is fine.
    private static func removeTree(_ path: String) {
        var status = stat()
        guard lstat(path, &status) == 0 else { return }
        guard (status.st_mode & S_IFMT) == S_IFDIR else {
            unlink(path)
            return
        }
        if let directory = opendir(path) {
            var names: [String] = []
            while let entry = readdir(directory) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                    String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
                }
                if name != "." && name != ".." { names.append(name) }
            }
            closedir(directory)
            for name in names { removeTree(path + "/" + name) }
        }
        rmdir(path)
    }

    private static func lastError() -> String { String(cString: strerror(errno)) }
}
