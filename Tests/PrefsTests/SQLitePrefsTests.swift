import Foundation
import Testing
import TestFolders
@testable import Prefs
import TestTraits

@Suite(.blocking) struct SQLitePrefsTests {
    let folder = TemporaryDirectory()

    @Test func missingKeyIsNilNotFalse() throws {
        let prefs = try SQLitePrefs(path: folder.file("prefs.sqlite"))
        #expect(prefs.boolForKey("aDebugKey") == nil)
        try prefs.setBool(false, forKey: "aDebugKey")
        #expect(prefs.boolForKey("aDebugKey") == false)
        try prefs.removeObjectForKey("aDebugKey")
        #expect(prefs.boolForKey("aDebugKey") == nil)
    }

    @Test func typesAreKeptApart() throws {
        let prefs = try SQLitePrefs(path: folder.file("prefs.sqlite"))
        try prefs.setInt(3, forKey: "count")
        try prefs.setString("always", forKey: "startAtHome")
        #expect(prefs.intForKey("count") == 3)
        #expect(prefs.boolForKey("count") == nil)
        #expect(prefs.stringForKey("startAtHome") == "always")
    }

    @Test func valuesSurviveReopening() throws {
        let path = folder.file("prefs.sqlite")
        try SQLitePrefs(path: path).setBool(true, forKey: "x")
        #expect(try SQLitePrefs(path: path).boolForKey("x") == true)
    }

    @Test func anotherConnectionsWriteIsSeenOnTheNextRead() throws {
        let path = folder.file("prefs.sqlite")
        let reader = try SQLitePrefs(path: path)
        let writer = try SQLitePrefs(path: path)
        #expect(reader.boolForKey("x") == nil)
        try writer.setBool(true, forKey: "x")
        #expect(reader.boolForKey("x") == true)
        try writer.removeObjectForKey("x")
        #expect(reader.boolForKey("x") == nil)
    }

    @Test func createsPrivateFileAndFolders() throws {
        let path = folder.file("a/b/prefs.sqlite")
        _ = try SQLitePrefs(path: path)
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        for dir in [folder.file("a"), folder.file("a/b")] {
            let mode = try FileManager.default.attributesOfItem(atPath: dir)[.posixPermissions] as? Int
            #expect(mode == 0o700)
        }
    }

    @Test func defaultPathFollowsXDG() {
        #expect(SQLitePrefs.defaultPath(forApp: "bibimbap", environment: ["XDG_STATE_HOME": "/s", "HOME": "/h"])
                == "/s/feature-flags/bibimbap/prefs.sqlite")
        #expect(SQLitePrefs.defaultPath(forApp: "bibimbap", environment: ["HOME": "/h"])
                == "/h/.local/state/feature-flags/bibimbap/prefs.sqlite")
    }

    @Test func applyIsAllOrNothing() throws {
        let prefs = try SQLitePrefs(path: folder.file("prefs.sqlite"))
        try prefs.apply([.set("a", .bool(true)), .set("b", .int(2)), .remove("c")])
        #expect(prefs.boolForKey("a") == true && prefs.intForKey("b") == 2)
        #expect(try SQLitePrefs(path: folder.file("prefs.sqlite")).allEntries().count == 2)

        // Nothing: a change that SQLite refuses half-way (a trigger aborts the third write)
        // leaves none of the transaction's earlier writes behind, in this connection or another.
        let other = try SQLiteConnection(path: folder.file("prefs.sqlite"), create: false)
        try other.execute("CREATE TRIGGER refuse BEFORE INSERT ON prefs WHEN NEW.key = 'boom' BEGIN SELECT RAISE(ABORT, 'refused'); END")
        #expect(throws: (any Error).self) {
            try prefs.apply([.set("a", .bool(false)), .remove("b"), .set("boom", .bool(true)), .set("d", .int(4))])
        }
        for reader in [prefs, try SQLitePrefs(path: folder.file("prefs.sqlite"))] {
            #expect(reader.boolForKey("a") == true && reader.intForKey("b") == 2 && reader.intForKey("d") == nil)
            #expect(reader.allEntries().count == 2)
        }
    }

    @Test func branchPrefixesKeysAndClearsOnlyItsOwn() throws {
        let prefs = try SQLitePrefs(path: folder.file("prefs.sqlite"))
        let nimbus = prefs.branch("nimbus")
        try nimbus.setString("id-1", forKey: "id")
        try prefs.setBool(true, forKey: "other")
        #expect(prefs.stringForKey("nimbus.id") == "id-1")
        #expect(nimbus.getBranchPrefix() == "nimbus.")
        try nimbus.clearAll()
        #expect(prefs.stringForKey("nimbus.id") == nil)
        #expect(prefs.boolForKey("other") == true)
    }

    @Test func recordsWhenAValueWasWritten() throws {
        let before = Date().timeIntervalSince1970
        let prefs = try SQLitePrefs(path: folder.file("prefs.sqlite"))
        try prefs.setBool(true, forKey: "x")
        let entry = try #require(prefs.entry(forKey: "x"))
        #expect(entry.updatedAt >= before - 1 && entry.updatedAt <= Date().timeIntervalSince1970 + 1)
    }
}

@Suite(.blocking) struct SQLitePrefsGenerationTests {
    let folder = TemporaryDirectory()

    @Test func generationMovesOnOwnWritesAndSoonAfterAnotherConnectionsWrite() throws {
        let path = folder.file("prefs.sqlite")
        let reader = try SQLitePrefs(path: path)
        let writer = try SQLitePrefs(path: path)
        let start = reader.generation
        #expect(reader.generation == start, "nothing changed, nothing moves")
        try reader.setBool(true, forKey: "own")
        let afterOwnWrite = reader.generation
        #expect(afterOwnWrite != start)
        try writer.setBool(true, forKey: "theirs")
        let deadline = Date().addingTimeInterval(2)
        while reader.generation == afterOwnWrite && Date() < deadline { usleep(1_000) }
        #expect(reader.generation != afterOwnWrite, "the inotify watch reports another connection's commit")
        #expect(reader.boolForKey("theirs") == true)
    }
}

/// A store whose file is moved away or replaced while it is open: the path is what counts.
@Suite(.blocking) struct MovedStoreTests {
    let folder = TemporaryDirectory()
    var path: String { folder.file("store/prefs.sqlite") }

    @Test func changeAtPathTellsMovedAwayFromReplaced() throws {
        let prefs = try SQLitePrefs(path: path)
        #expect(prefs.changeAtPath() == nil)
        #expect(rename(path, path + ".moved") == 0)
        #expect(prefs.changeAtPath() == .missing)
        _ = try SQLitePrefs(path: folder.file("store/other.sqlite"))
        #expect(rename(folder.file("store/other.sqlite"), path) == 0)
        #expect(prefs.changeAtPath() == .replaced)
        #expect(rename(path + ".moved", path) == 0)
        #expect(prefs.changeAtPath() == nil, "the same file back at the path is the same store")
    }

    /// Reopened, the store writes at the path; the file moved away keeps what it had, journal
    /// included, and the journals it left at the path do not leak into the new store.
    @Test func reopenedAfterAMoveWritesAtThePath() throws {
        let prefs = try SQLitePrefs(path: path)
        try prefs.setBool(true, forKey: "beforeDebugKey")
        #expect(rename(path, path + ".moved") == 0)
        let reopened = try prefs.reopened()
        #expect(reopened.allEntries().isEmpty)
        try reopened.setBool(true, forKey: "afterDebugKey")
        #expect(throws: PrefsStoreError.self) { try prefs.setBool(false, forKey: "lostDebugKey") }
        #expect(try SQLitePrefs(path: path).allEntries().keys.sorted() == ["afterDebugKey"])
        #expect(try SQLitePrefs(path: path + ".moved").allEntries().keys.sorted() == ["beforeDebugKey"])
    }

    @Test func reopenedAfterAReplacementReadsTheNewFile() throws {
        let prefs = try SQLitePrefs(path: path)
        try prefs.setBool(true, forKey: "oldDebugKey")
        do { try SQLitePrefs(path: folder.file("store/other.sqlite")).setBool(true, forKey: "otherDebugKey") }
        #expect(rename(folder.file("store/other.sqlite"), path) == 0)
        let reopened = try prefs.reopened()
        #expect(reopened.allEntries().keys.sorted() == ["otherDebugKey"], "nothing of the old store's journal")
    }
}
