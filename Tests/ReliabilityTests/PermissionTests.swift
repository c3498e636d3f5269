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
        for mode: mode_t in [0o770, 0o777] {
            chmod(folder.file("shared"), mode)
            expectRefused(path, mentioning: ["folder other users can write", "chmod go-w"])
        }
        chmod(folder.file("shared"), 0o755)
        #expect(try SQLitePrefs(path: path).boolForKey("promoBannerDebugKey") == true)
    }

    /// A sticky folder (as /tmp) is shared on purpose: the fix is a folder of one's own, never
    /// taking write access away from everyone else.
    @Test func stickyFolderSuggestsAPrivateFolder() throws {
        let path = folder.file("shared/prefs.sqlite")
        try makeStore(path)
        chmod(folder.file("shared"), 0o1777)
        defer { chmod(folder.file("shared"), 0o755) }
        expectRefused(path, mentioning: ["folder other users can write", "mkdir -m 700 '\(folder.file("shared"))/flags-\(geteuid())'"])
        do { _ = try SQLitePrefs(path: path) } catch { #expect(!error.hint.contains("chmod"), "\(error)") }
    }

    /// The real /tmp: a store directly in it is refused, nothing is created, and the hint does
    /// not tell the user to `chmod go-w /tmp`.
    @Test func storeDirectlyInTmp() throws {
        var info = stat()
        try #require(stat("/tmp", &info) == 0 && info.st_mode & 0o1777 == 0o1777, "/tmp is not a sticky world-writable folder here")
        let path = "/tmp/feature-flags-test-\(UUID().uuidString).sqlite"
        defer { for suffix in ["", "-wal", "-shm"] { unlink(path + suffix) } }
        do {
            _ = try SQLitePrefs(path: path)
            Issue.record("a store directly in /tmp was accepted")
        } catch {
            #expect(error.kind == .unsafePermissions)
            #expect(error.description.contains("(/tmp, mode 1777)"), "\(error)")
            #expect(error.hint.contains("mkdir -m 700 '/tmp/flags-\(geteuid())'") && error.hint.contains("--store '/tmp/flags-\(geteuid())/prefs.sqlite'"), "\(error)")
            #expect(!error.hint.contains("chmod"), "\(error)")
        }
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    /// A folder another user owns: they could plant a journal or swap the store, even when it
    /// is not writable by group or others.
    @Test(.enabled(if: geteuid() == 0, "chown to another user needs root"))
    func folderOwnedByAnotherUser() throws {
        let shared = folder.file("theirs")
        let path = shared + "/prefs.sqlite"
        try makeStore(path)
        chmod(shared, 0o755)
        chown(shared, 65534, 65534)
        expectRefused(path, mentioning: ["folder owned by another user (\(shared), uid 65534)", "a folder of your own", "chown 0 '\(shared)'"])
        chown(shared, 0, 0)
        #expect(try SQLitePrefs(path: path).boolForKey("promoBannerDebugKey") == true)
    }

    /// A `-wal` or `-shm` another user owns, in the store's private folder: SQLite would replay it.
    @Test(.enabled(if: geteuid() == 0, "chown to another user needs root"))
    func journalOwnedByAnotherUser() throws {
        let path = folder.file("private/prefs.sqlite")
        try makeStore(path)
        for suffix in ["-wal", "-shm"] {
            let journal = path + suffix
            folder.write(Data(), to: journal)
            chmod(journal, 0o600)
            chown(journal, 65534, 65534)
            expectRefused(path, mentioning: ["journal owned by another user (\(journal), uid 65534)", "rm '\(journal)'", "chown 0 '\(journal)'"])
            #expect(FileManager.default.fileExists(atPath: journal), "the journal is left for the user to look at")
            unlink(journal)
        }
        #expect(try SQLitePrefs(path: path).boolForKey("promoBannerDebugKey") == true)
    }

    @Test func journalWritableByGroupOrOthers() throws {
        let path = folder.file("private/prefs.sqlite")
        try makeStore(path)
        for suffix in ["-wal", "-shm"] {
            let journal = path + suffix
            for mode: mode_t in [0o620, 0o602, 0o666] {
                folder.write(Data(), to: journal)
                chmod(journal, mode)
                expectRefused(path, mentioning: ["journal writable by other users (\(journal), mode \(String(mode, radix: 8)))", "chmod 600 '\(journal)'"])
            }
            unlink(journal)
        }
        #expect(try SQLitePrefs(path: path).boolForKey("promoBannerDebugKey") == true)
    }

    /// SQLite would follow a link planted as the journal and write through it.
    @Test func journalThatIsALinkIsRefused() throws {
        let path = folder.file("private/prefs.sqlite")
        try makeStore(path)
        folder.write(Data(), to: folder.file("elsewhere"))
        symlink(folder.file("elsewhere"), path + "-wal")
        expectRefused(path, mentioning: ["journal that is not a regular file (\(path)-wal", "rm '\(path)-wal'"])
        unlink(path + "-wal")
        #expect(try SQLitePrefs(path: path).boolForKey("promoBannerDebugKey") == true)
    }

    /// A store reached through a link keeps its journals beside the file the link points to:
    /// those are the ones checked.
    @Test func journalsBesideALinkedStoreAreChecked() throws {
        let real = folder.file("real/prefs.sqlite")
        try makeStore(real)
        try FileManager.default.createDirectory(atPath: folder.file("links"), withIntermediateDirectories: true)
        let link = folder.file("links/prefs.sqlite")
        symlink(real, link)
        #expect(try SQLitePrefs(path: link).boolForKey("promoBannerDebugKey") == true)
        folder.write(Data(), to: real + "-wal")
        chmod(real + "-wal", 0o666)
        expectRefused(link, mentioning: ["journal writable by other users (\(real)-wal"])
    }

    @Test func noStoreIsCreatedInAFolderOthersCanWrite() throws {
        let shared = folder.file("open")
        try FileManager.default.createDirectory(atPath: shared, withIntermediateDirectories: false)
        chmod(shared, 0o1777)
        #expect(throws: PrefsStoreError.self) { _ = try SQLitePrefs(path: shared + "/prefs.sqlite") }
        #expect(try FileManager.default.contentsOfDirectory(atPath: shared).isEmpty)
    }
}
