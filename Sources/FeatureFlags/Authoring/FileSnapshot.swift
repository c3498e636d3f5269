#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Platform

/// The bytes of a set of files (or the fact that a file or folder did not exist) taken before an
/// edit, so that a failed edit can put every one of them back exactly.
///
/// ```swift
/// let snapshot = FileSnapshot(paths: [registryPath, manifestPath, newFilePath])
/// // … write, validate, and on failure:
/// let problems = snapshot.restore()   // [] when every file is as it was
/// ```
struct FileSnapshot {
    private var contents: [(path: String, data: Data?)] = []
    private var missingFolders: [String] = []

    init(paths: [String], folders: [String] = []) {
        contents = paths.map { ($0, FileManager.default.contents(atPath: $0)) }
        missingFolders = folders.filter { !FileManager.default.fileExists(atPath: $0) }
    }

    func original(_ path: String) -> Data? { contents.first { $0.path == path }?.data }

    /// Writes back every file, removes files that did not exist and folders that were created;
    /// returns what could not be restored, as sentences for the user.
    func restore() -> [String] {
        var problems: [String] = []
        for (path, data) in contents {
            do {
                if let data {
                    if FileManager.default.contents(atPath: path) != data { try data.write(to: URL(fileURLWithPath: path)) }
                } else if FileManager.default.fileExists(atPath: path) {
                    try FileManager.default.removeItem(atPath: path)
                }
            } catch {
                problems.append("could not restore \(path): \(ErrorText.describe(error))")
            }
        }
        for folder in missingFolders.reversed() where (try? FileManager.default.contentsOfDirectory(atPath: folder))?.isEmpty == true {
            try? FileManager.default.removeItem(atPath: folder)
        }
        return problems
    }
}
