@testable import FeatureFlags
import Testing
@testable import FlagsTool

@Suite struct FlagNameTests {
    @Test func derivesEveryNameFromTheFlagName() throws {
        let name = try FlagName(parsing: "newThing")
        #expect(name.id == "newThing" && name.featureID == "new-thing-feature")
        #expect(name.featureFileName == "newThingFeature.yaml" && name.includePath == "nimbus-features/newThingFeature.yaml")
        #expect(name.title == "New Thing" && name.userPrefsKey == "NewThingUserPrefsKey")
    }

    @Test func dropsATrailingFeatureAsFxiosNimbusAddDoes() throws {
        #expect(try FlagName(parsing: "newThingFeature") == FlagName(parsing: "newThing"))
    }

    @Test func keepsAcronymsAndDigitsTogether() throws {
        let name = try FlagName(parsing: "newURLBar2Feature")
        #expect(name.words == ["new", "URL", "Bar2"])
        #expect(name.featureID == "new-url-bar2-feature" && name.title == "New URL Bar2")
    }

    @Test(arguments: ["NewThing", "new-thing", "new_thing", "né", "ab", "abFeature", "Feature", "", "2fast", "default"])
    func refusesNamesThatAreNotCamelCaseOrTooShort(_ text: String) {
        #expect(throws: AuthoringError.self) { try FlagName(parsing: text) }
        do { _ = try FlagName(parsing: text) } catch { #expect(error.kind == .invalidArgument) }
    }

    @Test func newFlagChecksItsTexts() throws {
        let name = try FlagName(parsing: "newThing")
        let long = String(repeating: "x", count: 101)
        #expect(throws: AuthoringError.self) { try NewFlag(name: name, description: long) }
        #expect(throws: AuthoringError.self) { try NewFlag(name: name, description: "two\nlines") }
        #expect(throws: AuthoringError.self) { try NewFlag(name: name, title: "Row") }
        let flag = try NewFlag(name: name, description: String(repeating: "x", count: 100), isDebuggable: true)
        #expect(flag.debugTitle == "New Thing" && flag.debugStatus == String(repeating: "x", count: 100))
        #expect(try NewFlag(name: name).debugTitle == nil)
    }

    @Test func scalarsAreQuotedOnlyWhenPlainWouldReadDifferently() {
        #expect(YAMLScalarText.string("New Thing") == "New Thing")
        #expect(YAMLScalarText.string("true") == "\"true\"")
        #expect(YAMLScalarText.string("1.5") == "\"1.5\"")
        #expect(YAMLScalarText.string("Off: for now") == "\"Off: for now\"")
        #expect(YAMLScalarText.string("# not a comment") == "\"# not a comment\"")
        #expect(YAMLScalarText.string("say \"hi\"") == "say \"hi\"")
        #expect(YAMLScalarText.string("- dash") == "\"- dash\"")
    }
}
