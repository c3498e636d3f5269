import Foundation
import Testing
import TestFolders
@testable import Prefs

/// The store's change history: recorded in the same transaction as each change, bounded, undoable.
@Suite struct PrefsHistoryTests {
    let folder = TemporaryDirectory()
    var path: String { folder.file("prefs.sqlite") }

    @Test func eachChangeIsRecordedWithItsOldAndNewValueAndAuthor() throws {
        let prefs = try SQLitePrefs(path: path)
        prefs.changeAuthor = "flags set"
        try prefs.setBool(true, forKey: "aDebugKey")
        try prefs.setBool(false, forKey: "aDebugKey")
        prefs.changeAuthor = "flags reset"
        try prefs.removeObjectForKey("aDebugKey")
        let history = try prefs.history()
        #expect(history.map(\.key) == ["aDebugKey", "aDebugKey", "aDebugKey"])
        #expect(history.map(\.oldValue) == [.bool(false), .bool(true), nil])
        #expect(history.map(\.newValue) == [nil, .bool(false), .bool(true)])
        #expect(history.map(\.author) == ["flags reset", "flags set", "flags set"])
        #expect(history.allSatisfy { $0.pid == getpid() })
        #expect(history.map(\.group) == [3, 2, 1])
    }

    @Test func aTransactionIsOneGroup() throws {
        let prefs = try SQLitePrefs(path: path)
        try prefs.apply([.set("a", .bool(true)), .set("b", .int(2)), .set("c", .string("x"))])
        let history = try prefs.history()
        #expect(history.count == 3)
        #expect(Set(history.map(\.group)) == [1])
        #expect(prefs.lastRecordedGroup == 1)
    }

    @Test func writingTheValueAKeyHoldsIsNotAChange() throws {
        let prefs = try SQLitePrefs(path: path)
        try prefs.setBool(true, forKey: "a")
        try prefs.setBool(true, forKey: "a")
        try prefs.removeObjectForKey("never")
        #expect(try prefs.history().count == 1)
    }

    @Test func untrackedKeysAreLeftOut() throws {
        let prefs = try SQLitePrefs(path: path, history: PrefsHistoryPolicy(untrackedKeyPrefixes: ["nimbus.exposure."]))
        try prefs.apply([.set("nimbus.exposure.homescreen", .int(1)), .set("aDebugKey", .bool(true))])
        try prefs.setInt(2, forKey: "nimbus.exposure.homescreen")
        #expect(try prefs.history().map(\.key) == ["aDebugKey"])
    }

    @Test func writesCanBeLeftOutOfTheHistory() throws {
        let prefs = try SQLitePrefs(path: path)
        prefs.recordsHistory = false
        try prefs.setBool(true, forKey: "a")
        prefs.recordsHistory = true
        try prefs.setBool(false, forKey: "a")
        #expect(try prefs.history().map(\.oldValue) == [.bool(true)])
    }

    @Test func aStoreWithoutHistoryAnswersNothingAndUndoesNothing() throws {
        let prefs = try SQLitePrefs(path: path)
        #expect(try prefs.history().isEmpty)
        #expect(try prefs.undo() == nil)
        #expect(try prefs.undo(group: 7) == nil)
    }

    @Test func undoPutsBackTheValueAndItsWriteTime() throws {
        let prefs = try SQLitePrefs(path: path)
        try prefs.apply([.restore("a", PrefEntry(value: .bool(true), updatedAt: 100))])
        try prefs.apply([.set("a", .bool(false)), .set("b", .bool(true))])
        let result = try #require(try prefs.undo())
        #expect(result.group == 2)
        #expect(result.keptChanged.isEmpty)
        #expect(prefs.entry(forKey: "a") == PrefEntry(value: .bool(true), updatedAt: 100))
        #expect(prefs.entry(forKey: "b") == nil)
        #expect(result.restored.map(\.undoes) == [2, 2])
        // Another connection reads what the undo wrote.
        #expect(try SQLitePrefs(path: path).boolForKey("a") == true)
    }

    @Test func anUndoIsRecordedAndCanBeUndone() throws {
        let prefs = try SQLitePrefs(path: path)
        try prefs.setBool(true, forKey: "a")
        try prefs.setBool(false, forKey: "a")
        _ = try prefs.undo()
        #expect(prefs.boolForKey("a") == true)
        _ = try prefs.undo()
        #expect(prefs.boolForKey("a") == false)
        let history = try prefs.history()
        #expect(history.map(\.group) == [4, 3, 2, 1])
        #expect(history.map(\.undoes) == [3, 2, nil, nil])
    }

    @Test func aKeyChangedAgainSinceIsKeptAndNamed() throws {
        let menu = try SQLitePrefs(path: path)
        menu.changeAuthor = "menu"
        try menu.apply([.set("a", .bool(true)), .set("b", .bool(true))])
        let group = try #require(menu.lastRecordedGroup)
        let other = try SQLitePrefs(path: path)
        other.changeAuthor = "flags set"
        try other.setBool(false, forKey: "b")
        let result = try #require(try menu.undo(group: group))
        #expect(result.restored.map(\.key) == ["a"])
        #expect(result.keptChanged.map(\.key) == ["b"])
        #expect(result.keptChanged.first?.current == .bool(false))
        #expect(result.keptChanged.first?.lastChange?.author == "flags set")
        #expect(menu.boolForKey("a") == nil)
        #expect(menu.boolForKey("b") == false)
    }

    /// `flags undo 1` run twice once undid #1 twice, overwriting #3, which had set the same value
    /// later. An undone change is not undone again, and the history's order, not the values,
    /// says whether a key changed since.
    @Test func aChangeIsUndoneOnceAndNeverOverALaterChangeOfTheSameValue() throws {
        let prefs = try SQLitePrefs(path: path)
        try prefs.setBool(true, forKey: "a")                     // #1
        _ = try prefs.undo(group: 1)                             // #2: a removed
        try prefs.setBool(true, forKey: "a")                     // #3: a on again, as #1 wrote it
        let again = try #require(try prefs.undo(group: 1))
        #expect(again.alreadyUndoneBy == 2 && again.restored.isEmpty)
        #expect(prefs.boolForKey("a") == true, "#3 stands")
        #expect(try prefs.history().count == 3, "nothing was written")

        try prefs.setBool(true, forKey: "b")                     // #4
        try prefs.setBool(false, forKey: "b")                    // #5
        try prefs.setBool(true, forKey: "b")                     // #6: the value #4 wrote
        let later = try #require(try prefs.undo(group: 4))
        #expect(later.restored.isEmpty && later.keptChanged.map(\.key) == ["b"])
        #expect(later.keptChanged.first?.lastChange?.group == 6)
        #expect(prefs.boolForKey("b") == true)
    }

    /// Once its undo is itself undone, a change is in force again and can be undone again; a
    /// change and the undo of it cancel, so the menu's `u` can take back its changes newest first.
    @Test func aRedoneChangeCanBeUndoneAgain() throws {
        let prefs = try SQLitePrefs(path: path)
        try prefs.setBool(true, forKey: "a")                     // #1
        _ = try prefs.undo(group: 1)                             // #2
        _ = try prefs.undo(group: 2)                             // #3: a on again
        let result = try #require(try prefs.undo(group: 1))
        #expect(result.alreadyUndoneBy == nil && result.restored.map(\.key) == ["a"] && result.keptChanged.isEmpty)
        #expect(prefs.boolForKey("a") == nil)

        try prefs.setBool(true, forKey: "b")                     // #5
        try prefs.setBool(false, forKey: "b")                    // #6
        _ = try prefs.undo(group: 6)                             // #7: b on, as #5 left it
        #expect(try prefs.undo(group: 5)?.restored.map(\.key) == ["b"], "#6 and its undo cancel")
        #expect(prefs.boolForKey("b") == nil)
    }

    /// Twelve feature values of a few megabytes once made a 94 MB store. The history is bounded
    /// in bytes, and a large value of an older change is kept as its size and digest.
    @Test func historyIsBoundedInBytesAndKeepsLargeOlderValuesAsADigest() throws {
        let policy = PrefsHistoryPolicy(maximumBytes: 1 << 20, maximumKeptValueBytes: 1 << 10)
        let prefs = try SQLitePrefs(path: path, history: policy)
        let values = (0..<12).map { String(repeating: Character(UnicodeScalar(UInt8(97 + $0))), count: 300_000) }
        for value in values { try prefs.setString(value, forKey: "nimbus.featureOverride.big") }
        let connection = try SQLiteConnection(path: path, create: false)
        let held = try ChangeHistoryTable.bytes(in: connection)
        #expect(held < Int64(2 * values[0].utf8.count) + 4096, "only the newest change holds its values whole: \(held) bytes")
        let history = try prefs.history()
        #expect(history.first?.newValue == .string(values[11]) && history.first?.oldValue == .string(values[10]), "the newest change stays whole")
        let older = try #require(history.dropFirst().first)
        #expect(older.newValue == nil && older.newElided == ElidedValue(of: values[10]) && older.newElided?.bytes == 300_000)

        // The last change can be undone; an older one cannot put back a value the history no longer holds.
        #expect(try prefs.undo()?.restored.map(\.newValue) == [.string(values[10])])
        try prefs.setString("small", forKey: "nimbus.featureOverride.big")
        let group = try #require(try prefs.history().first { $0.newValue == .string("small") }?.group)
        try prefs.setString("next", forKey: "other")
        try prefs.setString(values[0], forKey: "third")
        let kept = try #require(try prefs.undo(group: group))
        #expect(kept.restored.isEmpty && kept.keptChanged.first?.valueBefore == ElidedValue(of: values[10]))
        #expect(prefs.stringForKey("nimbus.featureOverride.big") == "small")
    }

    /// Older groups holding a value past `maximumKeptValueBytes` whole, as `SQLite` reads them.
    private func wholeLargeOlderValues(limit: Int) throws -> Int64 {
        let connection = try SQLiteConnection(path: path, create: false)
        defer { connection.close() }
        return try connection.integer("""
            SELECT count(*) FROM history WHERE change_group < (SELECT max(change_group) FROM history)
            AND ((old_type = 'string' AND length(CAST(old_value AS BLOB)) > \(limit)) OR (new_type = 'string' AND length(CAST(new_value AS BLOB)) > \(limit)))
            """)
    }

    /// Each write elides only the group before it, and that is enough with two writers taking
    /// turns: whichever writes next elides what the other wrote.
    @Test func aLargeValueAnotherWriterLeftIsElidedByTheNextWrite() throws {
        let policy = PrefsHistoryPolicy(maximumKeptValueBytes: 1 << 10)
        let app = try SQLitePrefs(path: path, history: policy), menu = try SQLitePrefs(path: path, history: policy)
        let large = String(repeating: "v", count: 4_000)
        for round in 0..<4 {
            try app.setString(large + "\(round)", forKey: "nimbus.featureOverride.big")
            try menu.setBool(round % 2 == 0, forKey: "flagDebugKey")
            #expect(try wholeLargeOlderValues(limit: 1 << 10) == 0, "round \(round)")
        }
        #expect(try app.history().first { $0.key == "nimbus.featureOverride.big" }?.newElided?.bytes == 4_001)
    }

    /// A connection's first write looks at every older group: values a store's earlier policy
    /// (or an earlier version of the tool) kept whole are elided then, not only the last group's.
    @Test func aConnectionsFirstWriteElidesEveryLargeOlderValue() throws {
        let generous = try SQLitePrefs(path: path, history: PrefsHistoryPolicy(maximumKeptValueBytes: 1 << 20))
        for number in 0..<3 { try generous.setString(String(repeating: "w", count: 5_000) + "\(number)", forKey: "k\(number)") }
        generous.close()
        #expect(try wholeLargeOlderValues(limit: 1 << 10) == 2)
        let strict = try SQLitePrefs(path: path, history: PrefsHistoryPolicy(maximumKeptValueBytes: 1 << 10))
        try strict.setBool(true, forKey: "small")
        #expect(try wholeLargeOlderValues(limit: 1 << 10) == 0)
    }

    /// The byte bound holds when two writers take turns: what one of them knows of the bytes
    /// held is at most what is there, and the rows the other added count toward it.
    @Test func theByteBoundHoldsWithTwoWritersTakingTurns() throws {
        let policy = PrefsHistoryPolicy(maximumBytes: 1 << 20, maximumKeptValueBytes: 1 << 20)
        let app = try SQLitePrefs(path: path, history: policy), menu = try SQLitePrefs(path: path, history: policy)
        let value = String(repeating: "b", count: 100_000)
        let check = try SQLiteConnection(path: path, create: false)
        defer { check.close() }
        for round in 0..<12 {
            try (round % 2 == 0 ? app : menu).setString(value + "\(round)", forKey: "key\(round)")
            // The newest group is kept whole however large; everything older fits the bound.
            let newest = try check.integer("SELECT coalesce(sum(length(CAST(new_value AS BLOB))), 0) FROM history WHERE change_group = (SELECT max(change_group) FROM history)")
            #expect(try ChangeHistoryTable.bytes(in: check) - newest <= Int64(policy.maximumBytes), "round \(round)")
        }
        #expect(try app.history().count < 12, "older changes were forgotten")
    }

    @Test func historyKeepsTheLastChangesOnly() throws {
        let prefs = try SQLitePrefs(path: path, history: PrefsHistoryPolicy(maximumChanges: 10))
        for number in 1...25 { try prefs.setInt(number, forKey: "n") }
        let history = try prefs.history()
        #expect(history.count == 10)
        #expect(history.first?.newValue == .int(25))
        #expect(history.last?.newValue == .int(16))
    }

    @Test func theNewestGroupIsKeptWholeHoweverLarge() throws {
        let prefs = try SQLitePrefs(path: path, history: PrefsHistoryPolicy(maximumChanges: 10))
        try prefs.setBool(true, forKey: "first")
        try prefs.apply((1...30).map { .set("k\($0)", .int($0)) })
        let history = try prefs.history()
        #expect(history.count == 30)
        #expect(try prefs.undo()?.restored.count == 30)
        #expect(prefs.allEntries().keys.sorted() == ["first"])
    }

    @Test func changesOlderThanTheMaximumAgeAreForgotten() throws {
        let prefs = try SQLitePrefs(path: path)
        try prefs.setBool(true, forKey: "recent")
        // A change recorded 31 days ago, as an older write would have left it.
        let connection = try SQLiteConnection(path: path, create: false)
        let old = Date().timeIntervalSince1970 - 31 * 86_400
        _ = try ChangeHistoryTable.insert(PrefsHistoryEntry(id: 0, group: 0, key: "old", oldEntry: nil, newValue: .bool(true), at: old,
                                                            author: "flags set", pid: 1), into: connection)
        connection.close()
        #expect(Set(try prefs.history().map(\.key)) == ["recent", "old"])
        try prefs.setBool(false, forKey: "recent")
        #expect(try prefs.history().map(\.key) == ["recent", "recent"])
    }

    @Test func sinceLeavesOutOlderChanges() throws {
        let prefs = try SQLitePrefs(path: path)
        try prefs.setBool(true, forKey: "a")
        #expect(try prefs.history(since: Date().timeIntervalSince1970 + 60).isEmpty)
        #expect(try prefs.history(since: Date().timeIntervalSince1970 - 60).count == 1)
    }

    @Test func theDefaultAuthorIsTheProcessNameAndID() throws {
        let prefs = try SQLitePrefs(path: path)
        try prefs.setBool(true, forKey: "a")
        #expect(try prefs.history().first?.author == "\(ProcessInfo.processInfo.processName)[\(getpid())]")
    }

    @Test func aReopenedStoreKeepsItsAuthorAndPolicy() throws {
        let prefs = try SQLitePrefs(path: path, history: PrefsHistoryPolicy(untrackedKeyPrefixes: ["x."]))
        prefs.changeAuthor = "menu"
        let reopened = try prefs.reopened()
        try reopened.apply([.set("x.y", .bool(true)), .set("a", .bool(true))])
        #expect(try reopened.history().map(\.author) == ["menu"])
    }
}
