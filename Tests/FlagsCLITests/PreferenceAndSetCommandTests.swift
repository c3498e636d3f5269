import FeatureFlagsTestSupport
import Foundation
import Formats
import Testing
import TestHelpers
import TestTraits

/// `flags set a=on b=off`, `flags pref get|set|reset` and `reset` of a flag without an override,
/// on the real binary and the demo registry.
@Suite(.blocking) struct PreferenceAndSetCommandTests {
    let flags = FlagsInFolder()
    var folder: TemporaryDirectory { flags.folder }

    private func override(_ id: String) throws -> JSONValue? {
        try JSONParser.parse(try flags.run("get", id, "--json").output)["override"]
    }

    @Test func setOfSeveralFlagsIsOneTransaction() throws {
        let result = try flags.run("set", "tipJar=on", "promoBanner=off", "spicyMode=1")
        #expect(result.output == "tipJar: override on\npromoBanner: override off\nspicyMode: override on\n")
        #expect(try override("promoBanner") == .bool(false))
        let log = try JSONParser.parse(try flags.run("log", "--json").output).arrayValue ?? []
        #expect(log.count == 3 && Set(log.compactMap { $0["group"]?.intValue }) == [1])
    }

    @Test func anUnknownIDRefusesEveryOverrideAndSuggestsTheNearest() throws {
        let result = try flags.run("set", "tipJar=on", "promoBaner=off", "kitchenDisplay=on", status: 1)
        #expect(result.errors.contains("nothing was set"))
        #expect(result.errors.contains("unknown flag 'promoBaner' (did you mean 'promoBanner'?)"))
        #expect(result.errors.contains("flag 'kitchenDisplay' is not debuggable"))
        #expect(try override("tipJar") == .null)
    }

    @Test func badSetWordsAreUsageErrors() throws {
        #expect(try flags.run("set", "tipJar=maybe", "promoBanner=on", status: 2).errors.contains("found 'maybe'"))
        #expect(try flags.run("set", "tipJar=on", "tipJar=off", status: 2).errors.contains("tipJar is given twice"))
        #expect(try flags.run("set", "tipJar=on", "promoBanner", status: 2).errors.contains("expected ID=on or ID=off words, found 'promoBanner'"))
        #expect(try flags.run("set", "tipJar", status: 2).errors.contains("found only 'tipJar'"))
        // The two-word form keeps working, and says where to look for a preference.
        #expect(try flags.run("set", "tipJar", "on").output == "tipJar: override on\n")
        #expect(try flags.run("set", "startAtHome", "on", status: 1).errors.contains("try flags pref set startAtHome VALUE"))
        let preference = try flags.run("set", "sponsoredShortcuts", "on", status: 1).errors
        #expect(preference.contains("flag 'sponsoredShortcuts' is not debuggable") && preference.contains("flags pref set sponsoredShortcuts on|off"))
    }

    @Test func typedPreferencesAreReadSetCheckedAndReset() throws {
        let fresh = try flags.run("pref", "get", "startAtHome").output
        #expect(fresh.contains("startAtHome: ") && fresh.contains("not set") && fresh.contains("values: afterFourHours, always, disabled"))
        #expect(try flags.run("pref", "set", "startAtHome", "always").output == "startAtHome: set to always\n")
        #expect(try flags.run("pref", "get", "startAtHome").output.hasPrefix("startAtHome: always  (the user's choice)"))
        let bad = try flags.run("pref", "set", "startAtHome", "alway", status: 2)
        #expect(bad.errors.contains("'alway' is not a value of startAtHome (did you mean 'always'?); expected one of afterFourHours, always, disabled"))
        #expect(try flags.run("pref", "reset", "startAtHome").output.hasPrefix("startAtHome: choice removed"))
        #expect(try flags.run("pref", "reset", "startAtHome").output.hasPrefix("no choice of startAtHome to reset"))
    }

    @Test func onOffPreferencesTakeOnOrOff() throws {
        #expect(try flags.run("pref", "set", "spicyMode", "off").output == "spicyMode: set to off\n")
        #expect(try flags.run("pref", "get", "spicyMode").output.hasPrefix("spicyMode: off  (the user's choice)"))
        let bad = try flags.run("pref", "set", "spicyMode", "always", status: 2)
        #expect(bad.errors.contains("spicyMode is an on/off preference: expected on or off"))
        #expect(try flags.run("pref", "reset", "spicyMode").output.hasPrefix("spicyMode: choice removed"))
        let log = try JSONParser.parse(try flags.run("log", "--json").output).arrayValue ?? []
        #expect(log.first?["what"] == .string("spicyMode preference") && log.first?["by"] == .string("flags pref"))
    }

    @Test func namesThatAreNotPreferencesAreRefusedWithAHint() throws {
        #expect(try flags.run("pref", "get", "tipJar", status: 1).errors.contains("flag 'tipJar' is not a user preference"))
        #expect(try flags.run("pref", "get", "startAtHom", status: 1).errors.contains("unknown preference 'startAtHom' (did you mean 'startAtHome'?)"))
        #expect(try flags.run("pref", "frob", "startAtHome", status: 2).errors.contains("unknown action 'frob'"))
        #expect(try flags.run("pref", "set", "startAtHome", status: 2).errors.contains("`pref set` needs a NAME and a VALUE"))
    }

    @Test func getOfAPreferencePointsAtFlagsPref() throws {
        let result = try flags.run("get", "startAtHome", status: 1)
        #expect(result.errors.contains("'startAtHome' is a preference, not a flag: try flags pref get startAtHome"))
        #expect(try flags.run("reset", "startAtHome", status: 1).errors.contains("try flags pref reset startAtHome"))
    }

    @Test func resetOfAFlagWithoutAnOverrideSaysSo() throws {
        try flags.run("set", "tipJar", "on")
        let result = try flags.run("reset", "tipJar", "promoBanner")
        #expect(result.output.contains("tipJar: override removed"))
        #expect(result.output.contains("no override of promoBanner to reset: it is "))
        // Nothing changed for promoBanner, so the history has only the tipJar removal.
        let log = try JSONParser.parse(try flags.run("log", "--json").output).arrayValue ?? []
        #expect(log.compactMap { $0["key"]?.stringValue } == ["tipJarDebugKey", "tipJarDebugKey"])
    }
}
