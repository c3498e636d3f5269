import Foundation

/// A fresh folder under the system's temporary directory, removed when the value is released.
///
/// Tests that need real files (stores, registries, manifests) make one per test.
///
/// ```swift
/// let folder = TemporaryDirectory()
/// let store = folder.file("prefs.sqlite")
/// ```
public final class TemporaryDirectory: Sendable {
    public let path: String

    public init() {
        path = NSTemporaryDirectory() + "feature-flags-tests-" + UUID().uuidString
        try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    public func file(_ name: String) -> String { path + "/" + name }

    /// Writes `text` to `name` inside the folder (creating subfolders) and returns its path.
    @discardableResult
    public func write(_ text: String, to name: String) -> String {
        let path = file(name)
        try! FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        write(Data(text.utf8), to: path)
        return path
    }

    /// Writes `data` to `file` with mode 0600, as the store would have it.
    public func write(_ data: Data, to file: String) {
        precondition(FileManager.default.createFile(atPath: file, contents: data, attributes: [.posixPermissions: 0o600]))
    }
}
