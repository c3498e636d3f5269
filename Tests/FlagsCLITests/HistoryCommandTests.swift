import FeatureFlagsTestSupport
import Foundation
import Formats
import Prefs
import Testing
import TestHelpers
import TestTraits

/// `flags log` and `flags undo` on the real binary, with several processes writing one store.
@Suite(.blocking) struct HistoryCommandTests {
    let flags = FlagsInFolder()
    var folder: TemporaryDirectory { flags.folder }
    var store: String { flags.store }
    var environment: [String: String] { flags.environment }

    private func log() throws -> [JSONValue] {
        try JSONParser.parse(try flags.run("log", "--json").output).arrayValue ?? []
    }

    @Test func logShowsTheChangesOfTwoProcessesWithTheirCommands() throws {
        try flags.run("set", "tipJar", "on")
        try flags.run("export", "--output", folder.file("state.json"))
        try flags.run("reset", "--all")
        let set = try BuiltProgram.start(BuiltProgram.flags, ["set", "promoBanner", "off"], environment: environment, in: folder.path)
        let load = try BuiltProgram.start(BuiltProgram.flags, ["import", folder.file("state.json")], environment: environment, in: folder.path)
        #expect(BuiltProgram.finish(set.0, set.1, set.2).status == 0)
        #expect(BuiltProgram.finish(load.0, load.1, load.2).status == 0)

        let entries = try log()
        let authors = Set(entries.compactMap { $0["by"]?.stringValue })
        #expect(authors == ["flags set", "flags reset", "flags import"])
        let promo = try #require(entries.first { $0["key"] == .string("promoBannerDebugKey") })
        #expect(promo["old"] == .null && promo["new"] == .bool(false) && promo["what"] == .string("promoBanner override"))
        #expect(promo["pid"]?.intValue != nil && promo["at"]?.stringValue?.hasSuffix("Z") == true)
        // Newest first: the first tipJar change in the list is the import's.
        #expect(entries.first { $0["key"] == .string("tipJarDebugKey") }?["by"] == .string("flags import"))

        let table = try flags.run("log").output
        #expect(table.hasPrefix("#"))
        #expect(table.contains("flags import") && table.contains("tipJar override") && table.contains("none → on"))
    }

    @Test func undoRestoresAndCanItselfBeUndone() throws {
        try flags.run("set", "tipJar", "on")
        try flags.run("set", "tipJar", "off")
        let undo = try flags.run("undo")
        #expect(undo.output.contains("tipJar override: off → on"))
        #expect(undo.output.contains("undid #2, made by flags set"))
        #expect(try flagOverride() == true)
        try flags.run("undo")
        #expect(try flagOverride() == false)
        let entries = try log()
        #expect(entries.first?["by"] == .string("flags undo") && entries.first?["undoes"] == .int(3))
    }

    @Test func undoOfAResetAllPutsEveryOverrideBack() throws {
        try flags.run("set", "tipJar=on", "promoBanner=off", "spicyMode=on")
        try flags.run("reset", "--all")
        #expect(try flagOverride() == nil)
        let undo = try flags.run("undo")
        #expect(undo.output.contains("undid #2, made by flags reset"))
        #expect(try flagOverride() == true)
        let promo = try JSONParser.parse(try flags.run("get", "promoBanner", "--json").output)
        #expect(promo["override"] == .bool(false))
    }

    @Test func undoWithNothingRecordedFailsAndSaysSo() throws {
        let result = try flags.run("undo", status: 1)
        #expect(result.errors.contains("nothing to undo") && result.errors.contains(store))
        let unknown = try flags.run("undo", "42", status: 1)
        #expect(unknown.errors.contains("no change #42") && unknown.errors.contains("flags log"))
        let bad = try flags.run("undo", "last", status: 2)
        #expect(bad.errors.contains("GROUP is a number"))
    }

    @Test func undoOfAnOlderChangeKeepsAKeyChangedSince() throws {
        try flags.run("set", "tipJar=on", "promoBanner=off")
        try flags.run("set", "tipJar", "off")
        let result = try flags.run("undo", "1")
        #expect(result.output.contains("promoBanner override: off → none"))
        #expect(result.output.contains("tipJar override: kept off (changed again since by flags set)"))
        #expect(try flagOverride() == false)
    }

    /// docs/QA.md promises an undo never overwrites a later change: `flags undo 1` twice must not
    /// put #1's value back over #3's.
    @Test func undoingTheSameChangeTwiceSaysSoAndChangesNothing() throws {
        try flags.run("set", "tipJar", "on")                      // #1
        try flags.run("undo", "1")                               // #2
        try flags.run("set", "tipJar", "on")                      // #3
        let twice = try flags.run("undo", "1", status: 1)
        #expect(twice.errors.contains("change #1 was already undone by #2; nothing was changed"), "\(twice.errors)")
        #expect(try flagOverride() == true)
        #expect(try JSONParser.parse(try flags.run("log", "--json").output).arrayValue?.count == 3)
    }

    @Test func logSinceAndBadDurations() throws {
        try flags.run("set", "tipJar", "on")
        #expect(try JSONParser.parse(try flags.run("log", "--json", "--since", "2h").output).arrayValue?.count == 1)
        let bad = try flags.run("log", "--since", "yesterday", status: 2)
        #expect(bad.errors.contains("--since needs an amount and a unit such as 90s, 30m, 2h, 7d or 1w; found 'yesterday'"))
        let empty = try BuiltProgram.run(BuiltProgram.flags, ["log"], environment: ["FLAGS_STORE": folder.file("other/prefs.sqlite")], in: folder.path)
        #expect(empty.status == 0 && empty.output.contains("No changes recorded"))
    }

    @Test func theHistoryKeepsTheLastThousandChanges() throws {
        try flags.run("set", "tipJar", "on")
        // 1,000 earlier changes, written as another process would, then one more by `flags`.
        let prefs = try SQLitePrefs(path: store)
        prefs.changeAuthor = "filler"
        for number in 1...PrefsHistoryPolicy.defaultMaximumChanges { try prefs.setInt(number, forKey: "fillerCount") }
        prefs.close()
        try flags.run("set", "promoBanner", "off")
        let entries = try log()
        #expect(entries.count == PrefsHistoryPolicy.defaultMaximumChanges)
        #expect(entries.first?["key"] == .string("promoBannerDebugKey"))
        #expect(!entries.contains { $0["key"] == .string("tipJarDebugKey") })
        #expect(entries.last?["new"] == .int(2))
    }

    @Test func aMatrixLeavesNoHistory() throws {
        try flags.run("set", "tipJar", "on")
        try flags.run("matrix", "tipJar", "promoBanner", "--", "true")
        #expect(try log().compactMap { $0["by"]?.stringValue } == ["flags set"])
    }

    @Test func exposureCountsAndTheClientIDAreNotHistory() throws {
        try flags.run("list")
        try flags.run("set", "tipJar", "on")
        #expect(try log().compactMap { $0["key"]?.stringValue } == ["tipJarDebugKey"])
    }

    private func flagOverride() throws -> Bool? {
        try JSONParser.parse(try flags.run("get", "tipJar", "--json").output)["override"]?.boolValue
    }
}
