import Foundation
@testable import FML

/// A temporary directory of manifest files for one test, removed when the test ends.
final class ManifestFixture {
    let directory: URL

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("fml-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: directory) }

    /// Writes `text` to `name` (relative to the directory) and returns its path.
    @discardableResult
    func write(_ name: String, _ text: String) throws -> String {
        let url = directory.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    /// Loads `name` and returns the error it throws, or nil.
    func loadError(_ name: String) -> ManifestError? {
        do {
            _ = try FeatureManifest.load(path: path(name))
            return nil
        } catch {
            return error
        }
    }
}
