import FeatureFlags
import FeatureFlagsTestSupport
import FlagsCLI
import Foundation
import Formats
import Testing

/// The command line run in-process on the built-in demo, with a store in a temporary folder.
@Suite struct FlagsCommandLineTests {
    let flags = InProcessFlags()
    var folder: TemporaryDirectory { flags.folder }

    private func run(_ arguments: String...) -> (status: Int32, console: Console) {
        flags.run(arguments)
    }

    private func json(_ arguments: String...) throws -> JSONValue {
        let console = Console.capturing()
        let options = FlagsOptions(storePath: folder.file("prefs.sqlite"), workingDirectory: folder.path,
                                   environment: ["XDG_STATE_HOME": folder.file("state"), "HOME": folder.path])
        #expect(FlagsCommandLine.run(arguments, console: console, options: options) == 0, "\(console.errors)")
        return try JSONParser.parse(console.output)
    }

    @Test func listJSONHasEveryFlagSortedWithTheDocumentedFields() throws {
        let flags = try #require(try json("list", "--json").arrayValue)
        let ids = flags.compactMap { $0["id"]?.stringValue }
        #expect(ids == ids.sorted() && ids.contains("newBibimbapMenu"))
        for key in ["id", "enabled", "source", "override", "nimbus", "debuggable", "userPrefsKey", "userPreference", "experiment"] {
            #expect(flags.allSatisfy { $0[key] != nil }, "every flag object has `\(key)`")
        }
    }

    @Test func setThenGetShowsTheOverrideAndResetBringsBackNimbus() throws {
        #expect(run("set", "tipJar", "off").status == 0)
        let overridden = try json("get", "tipJar", "--json")
        #expect(overridden["override"] == .bool(false) && overridden["source"] == .string("override"))
        #expect(overridden["enabled"] == .bool(false) && overridden["nimbus"] == .bool(true))
        #expect(run("reset", "tipJar").status == 0)
        let reset = try json("get", "tipJar", "--json")
        #expect(reset["override"] == .null && reset["source"] == .string("default") && reset["enabled"] == .bool(true))
    }

    @Test func acceptedSpellingsOfOnAndOff() throws {
        for (word, value) in [("on", true), ("TRUE", true), ("1", true), ("off", false), ("false", false), ("0", false)] {
            #expect(run("set", "tipJar", word).status == 0)
            #expect(try json("get", "tipJar", "--json")["override"] == .bool(value))
        }
    }

    @Test func overriddenListsOnlyOverrides() throws {
        _ = run("set", "tipJar", "off")
        _ = run("set", "reviews", "off")
        let ids = try #require(try json("list", "--json", "--overridden").arrayValue).compactMap { $0["id"]?.stringValue }
        #expect(ids == ["reviews", "tipJar"])
        #expect(run("reset", "--all").console.output.contains("Removed 2 overrides"))
        #expect(try json("list", "--json", "--overridden") == .array([]))
    }

    @Test func releasePreviewShowsOverrideAsInactive() throws {
        _ = run("set", "tipJar", "on")
        let flag = try json("--channel", "release", "get", "tipJar", "--json")
        #expect(flag["enabled"] == .bool(false) && flag["source"] == .string("default"))
        #expect(flag["override"] == .bool(true) && flag["overrideActive"] == .bool(false))
    }

    @Test func unknownFlagSuggestsTheNearestId() {
        let (status, console) = run("get", "newBibimbapMenue")
        #expect(status == 1)
        #expect(console.errors.contains("unknown flag 'newBibimbapMenue'") && console.errors.contains("did you mean 'newBibimbapMenu'"))
    }

    @Test func settingAFlagWithoutDebugKeyIsRefused() {
        let (status, console) = run("set", "sponsoredShortcuts", "on")
        #expect(status == 1 && console.errors.contains("not debuggable"))
    }

    @Test func usageErrorsExitTwo() {
        for arguments in [["set", "tipJar", "maybe"], ["list", "--jsn"], ["frobnicate"], ["--channel", "nightly", "list"], ["get"],
                          ["reset"], ["reset", "tipJar", "--all"]] {
            let console = Console.capturing()
            let status = FlagsCommandLine.run(arguments, console: console, options: FlagsOptions(storePath: folder.file("p.sqlite")))
            #expect(status == 2, "\(arguments) should be a usage error")
            #expect(console.errors.contains("usage:"))
        }
    }

    /// The commands that take exactly one word say which is missing, or that there were more,
    /// and change nothing.
    @Test(arguments: [
        (["publish"], "missing the RECIPE.json to publish"), (["publish", "a.json", "b.json"], "expected one RECIPE.json"),
        (["unpublish"], "missing the SLUG to unpublish"), (["unpublish", "a", "b"], "expected one SLUG"),
        (["import"], "missing the FILE to import"), (["import", "a.json", "b.json"], "expected one FILE"),
    ])
    func oneWordCommandsNameWhatIsMissingOrExtra(arguments: [String], message: String) {
        let console = Console.capturing()
        let options = FlagsOptions(storePath: folder.file("prefs.sqlite"), workingDirectory: folder.path,
                                   environment: ["XDG_STATE_HOME": folder.file("state"), "HOME": folder.path])
        #expect(FlagsCommandLine.run(arguments, console: console, options: options) == 2)
        #expect(console.errors.contains(message), "\(arguments): \(console.errors)")
        #expect(!FileManager.default.fileExists(atPath: folder.file("prefs.sqlite")))
    }

    @Test func resetWithOneUnknownIdChangesNothing() throws {
        _ = run("set", "tipJar", "off")
        #expect(run("reset", "tipJar", "nope").status == 1)
        #expect(try json("get", "tipJar", "--json")["override"] == .bool(false))
    }

    @Test func everyCommandHasHelp() {
        for command in ["list", "get", "set", "reset"] {
            let viaFlag = run(command, "--help")
            let viaHelp = run("help", command)
            #expect(viaFlag.status == 0 && viaFlag.console.output.contains("usage: flags \(command)"))
            #expect(viaHelp.console.output == viaFlag.console.output)
        }
        #expect(run("--version").console.output.contains("build"))
    }
}
