import FeatureFlagsTestSupport
import Foundation
import Testing
@testable import Prefs

/// A store someone else could change decides what a developer build does, so it is refused with
/// why and how to fix it; the file is left as it was.
///
/// Folders: a store in a folder that group or others can write is refused too, even with the
/// sticky bit (as /tmp): others could not touch the file, but could create `prefs.sqlite-wal`
/// first, and SQLite would replay their journal into the store.
@Suite struct PermissionTests {
    let folder = TemporaryDirectory()

    private func expectRefused(_ path: String, mentioning words: [String]) {
        let before = FileManager.default.contents(atPath: path)
        #expect {
            _ = try SQLitePrefs(path: path)
        } throws: { error in
            guard let error = error as? PrefsStoreError, error.kind == .unsafePermissions else { return false }
            let text = error.description
            return text.contains(path) && words.allSatisfy { text.contains($0) }
        }
        #expect(FileManager.default.contents(atPath: path) == before)
    }

    private func makeStore(_ path: String) throws {
        try SQLitePrefs(path: path).setBool(true, forKey: "promoBannerDebugKey")
    }

    @Test(.enabled(if: geteuid() == 0, "chown to another user needs root"))
    func storeOwnedByAnotherUser() throws {
        let path = folder.file("prefs.sqlite")
        try makeStore(path)
        chown(path, 65534, 65534)
        expectRefused(path, mentioning: ["owned by another user (uid 65534)", "chown \(geteuid())"])
    }

    @Test func storeWritableByGroupOrOthers() throws {
        let path = folder.file("prefs.sqlite")
        try makeStore(path)
        for mode: mode_t in [0o620, 0o602, 0o666] {
            chmod(path, mode)
            expectRefused(path, mentioning: ["writable by other users", "chmod 600"])
        }
        chmod(path, 0o600)
        #expect(try SQLitePrefs(path: path).boolForKey("promoBannerDebugKey") == true)
    }

    @Test func folderWritableByGroupOrOthers() throws {
        let path = folder.file("shared/prefs.sqlite")
        try makeStore(path)
        for mode: mode_t in [0o770, 0o777, 0o1777] {
            chmod(folder.file("shared"), mode)
            expectRefused(path, mentioning: ["folder other users can write", "chmod go-w"])
        }
        chmod(folder.file("shared"), 0o755)
        #expect(try SQLitePrefs(path: path).boolForKey("promoBannerDebugKey") == true)
    }

    @Test func noStoreIsCreatedInAFolderOthersCanWrite() throws {
        let shared = folder.file("open")
        try FileManager.default.createDirectory(atPath: shared, withIntermediateDirectories: false)
        chmod(shared, 0o1777)
        #expect(throws: PrefsStoreError.self) { _ = try SQLitePrefs(path: shared + "/prefs.sqlite") }
        #expect(try FileManager.default.contentsOfDirectory(atPath: shared).isEmpty)
    }
}
