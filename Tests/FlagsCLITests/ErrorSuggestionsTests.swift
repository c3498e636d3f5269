import FeatureFlagsTestSupport
import Foundation
import Formats
import Testing

/// What the tool says when a word is wrong: each error names the word and suggests the nearest
/// valid one where a list of valid words exists (commands, options, enum variants, feature
/// variables, targeting identifiers, context attributes), and says what a value was read as when
/// that is what went wrong. Run in process on the demo.
@Suite struct ErrorSuggestionsTests {
    let flags = InProcessFlags(environment: ["LANG": "C", "LC_ALL": ""])

    func errors(_ arguments: [String], status: Int32) -> String {
        let (actual, console) = flags.run(arguments)
        #expect(actual == status, "flags \(arguments.joined(separator: " ")): \(console.output) \(console.errors)")
        return console.errors
    }

    @Test func aNullBeforeVersionCompareIsNamedOnceAndWhyItIsNull() {
        let errors = errors(["eval-jexl", "app_version|versionCompare('1.0') > 0"], status: 1)
        #expect(!errors.contains("null null"), "\(errors)")
        #expect(errors.contains("but found null; an attribute nothing sets is null: give it a value"), "\(errors)")
    }

    @Test func aMistypedGlobalOptionIsNamedNotItsValue() {
        let errors = errors(["--colour", "never", "list"], status: 2)
        #expect(errors.hasPrefix("flags: unknown option --colour (did you mean '--color'?)\n"), "\(errors)")
        #expect(!errors.contains("'never'"))
    }

    @Test func aSwitchGivenAValueIsNamedAsSuch() {
        let errors = errors(["list", "--json=yes"], status: 2)
        #expect(errors.hasPrefix("flags: --json takes no value\n"), "\(errors)")
    }

    @Test func aCommandNothingLikeAnyIsNotGivenASuggestion() {
        let errors = errors(["foo"], status: 2)
        #expect(errors.hasPrefix("flags: unknown command 'foo'\n"), "\(errors)")
        #expect(!errors.contains("log"))
        #expect(self.errors(["lsit"], status: 2).contains("(did you mean 'list'?)"), "two letters swapped is one typo")
    }

    @Test func anOptionNothingLikeAnyListsTheCommandsOptions() {
        let errors = errors(["list", "-7"], status: 2)
        #expect(errors.hasPrefix("flags: unknown option -7; `flags list` takes --json, --overridden, and the global options of `flags --help`\n"), "\(errors)")
    }

    /// The words a command takes in place of a subcommand or a value are suggested too.
    @Test(arguments: [
        (["opt-out", "experiment", "on"], "found 'experiment' (did you mean 'experiments'?)"),
        (["preset", "aply", "lunch"], "unknown action 'aply' (did you mean 'apply'?); expected save, apply"),
        (["events", "lsit"], "unknown action 'lsit' (did you mean 'list'?)"),
        (["pref", "sett", "startAtHome", "never"], "unknown action 'sett' (did you mean 'set'?)"),
        (["--color", "allways", "list"], "unknown --color 'allways' (did you mean 'always'?)"),
    ])
    func aMistypedWordOfACommandIsSuggested(_ arguments: [String], _ expected: String) {
        let errors = errors(arguments, status: 2)
        #expect(errors.contains(expected), "\(errors)")
    }

    @Test func anEnumValueIsSuggestedAndItsVariantsListedOnce() {
        let errors = errors(["feature", "set", "seasonal-menu-feature", "season", "wintr"], status: 1)
        #expect(errors.contains("found \"wintr\" (did you mean 'winter'?)"), "\(errors)")
        #expect(errors.components(separatedBy: "spring, summer, autumn, winter").count == 2, "the variants once: \(errors)")
    }

    @Test func aTestFeatureFilesMistypedVariableIsSuggested() {
        let file = flags.folder.write(#"{"spice-levl": 3}"#, to: "value.json")
        let errors = errors(["test-feature", "bibimbap-feature", file], status: 1)
        #expect(errors.contains("unknown variable 'spice-levl' of feature 'bibimbap-feature' (did you mean 'spice-level'?)"), "\(errors)")
    }

    @Test func aMistypedTargetingIdentifierIsSuggested() throws {
        #expect(errors(["eval-jexl", "languag == 'en'"], status: 1).contains("undefined identifier `languag` (did you mean `language`?)"))
        let (_, console) = flags.run(["eval-jexl", "languag == 'en'", "--json"])
        #expect(try JSONParser.parse(console.output)["error"] == .string("undefined identifier `languag` (did you mean `language`?)"))
    }

    @Test func contextKeysAreCheckedForTyposAndTheKindTheirValueBecame() {
        let (status, typo) = flags.run(["--context", "langauge=ko", "get", "tipJar"])
        #expect(status == 0)
        #expect(typo.errors.contains("warning: --context langauge: this client has no attribute `langauge` (did you mean `language`?)"), "\(typo.errors)")
        let (_, number) = flags.run(["--context", "app_version=121.0", "get", "tipJar"])
        #expect(number.errors.contains("warning: --context app_version=121.0 is read as JSON, the number 121.0, but `app_version` is a string; "
                                       + #"for the string, quote it: --context 'app_version="121.0"'"#), "\(number.errors)")
        let (_, quoted) = flags.run(["--context", #"app_version="121.0""#, "--context", "region=DE", "get", "tipJar"])
        #expect(!quoted.errors.contains("warning"), "a string for a string, and a known name: nothing to say")
    }

    @Test func anOptionalStringTakesABareWordAndJSONShowsItsQuoting() throws {
        let (status, console) = flags.run(["feature", "set", "promo-banner-feature", "accent-color", "teal"])
        #expect(status == 0, "\(console.errors)")
        #expect(console.output == "promo-banner-feature.accent-color: feature override \"teal\"\n")
        let errors = errors(["feature", "set", "order-tracking-feature", "stages", "received"], status: 1)
        #expect(errors.contains(#"expected JSON for List<String>, such as ["text"] (on a command line, in single quotes: '["text"]')"#), "\(errors)")
    }
}
