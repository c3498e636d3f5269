import Formats
import Platform
#if canImport(Glibc)
import Glibc
#endif
import FeatureFlags

/// The bytes of a set of files (or the fact that a file or folder did not exist) taken before an
/// edit, so that a failed edit can put every one of them back exactly.
///
/// ```swift
/// let snapshot = FileSnapshot(paths: [registryPath, manifestPath, newFilePath])
/// // … write, validate, and on failure:
/// let problems = snapshot.restore()   // [] when every file is as it was
/// ```
struct FileSnapshot {
    /// What was at a path before the edit.
    private enum Original {
        case missing
        case bytes([UInt8])
        /// Present but not readable within the limit: restoring leaves it alone rather than
        /// deleting what was never read.
        case unreadable
    }

    private var contents: [(path: String, original: Original)] = []
    private var missingFolders: [String] = []

    init(paths: [String], folders: [String] = []) {
        contents = paths.map { path in
            do throws(FileReadError) {
                return (path, .bytes(try BoundedFileReader.read(path: path, limit: YAMLReader.maximumFileSize)))
            } catch {
                return (path, error.problem == .system(ENOENT) ? .missing : .unreadable)
            }
        }
        missingFolders = folders.filter { !FileManager.default.fileExists(atPath: $0) }
    }

    func original(_ path: String) -> Data? {
        guard case .bytes(let bytes)? = contents.first(where: { $0.path == path })?.original else { return nil }
        return Data(bytes)
    }

    /// Writes back every file, removes files that did not exist and folders that were created;
    /// returns what could not be restored, as sentences for the user.
    func restore() -> [String] {
        var problems: [String] = []
        for (path, original) in contents {
            do {
                switch original {
                case .bytes(let bytes):
                    if !BoundedFileReader.file(at: path, holds: bytes) { try Data(bytes).write(to: URL(fileURLWithPath: path)) }
                case .missing:
                    if FileManager.default.fileExists(atPath: path) { try FileManager.default.removeItem(atPath: path) }
                case .unreadable:
                    break
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
