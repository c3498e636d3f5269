import Foundation

/// A fresh folder under the system's temporary directory, removed when the value is released.
final class TemporaryDirectory {
    let path: String

    init() {
        path = NSTemporaryDirectory() + "prefs-tests-" + UUID().uuidString
        try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    func file(_ name: String) -> String { path + "/" + name }

    /// Writes `data` to `file` with mode 0600, as the store would have it.
    func write(_ data: Data, to file: String) {
        precondition(FileManager.default.createFile(atPath: file, contents: data, attributes: [.posixPermissions: 0o600]))
    }
}
