import FeatureFlags
import FeatureFlagsTestSupport
import FlagsCLI
import Foundation
import Formats
import Testing

/// Targeting that jexl-rs evaluates, but not as it reads (or with an error it reads as false for
/// this client), is shown as `warning: <slug>: …` lines by `flags experiments` and
/// `flags validate`, without being a problem.
@Suite struct TargetingWarningTests {
    // Wide, so each warning is on one line, as the suite compares them whole.
    let flags = InProcessFlags(environment: ["LANG": "en_US.UTF-8"], columns: 400)
    var folder: TemporaryDirectory { flags.folder }

    private func run(_ arguments: [String]) -> (status: Int32, console: Console) {
        flags.run(arguments)
    }

    private func records() -> String {
        let records = [
            ExperimentsCommandTests.record("surprising", feature: "reviews-feature", branches: [("a", 1, .object([:]))],
                                           targeting: "language == 'ko' || language == 'en' && days_since_install in [0, 1, 2]"),
            ExperimentsCommandTests.record("plain", feature: "tip-jar-feature", branches: [("a", 1, .object([:]))],
                                           targeting: "(language == 'ko' || language == 'en') && days_since_install < 3"),
            ExperimentsCommandTests.record("first-run", feature: "delivery-feature", branches: [("a", 1, .object([:]))],
                                           targeting: "(isFirstRun == 'true' || is_first_run == false) && days_since_install < 7"),
            // The report evaluates with the client's own transforms, event queries included.
            ExperimentsCommandTests.record("events", feature: "loyalty-card-feature", branches: [("a", 1, .object([:]))],
                                           targeting: "'app_launched'|eventSum('Days', 7, 0) == 0 || language == 'en'"),
        ]
        return folder.write(JSONValue.object(["data": .array(records)]).prettyText, to: "records.json")
    }

    private let precedence = "warning: surprising: at character 1: `a || b && c` means `(a || b) && c` in jexl-rs"
    private let swallowed = "warning: first-run: `isFirstRun == 'true'` fails here (undefined identifier `isFirstRun` (did you mean `is_first_run`?)); on the left of `||` jexl-rs reads a failure as false"
    private let numbers = "warning: surprising: at character 41: `in` looks for the value among the list's elements with exact JSON equality"

    @Test func experimentsAndValidateShowTheWarnings() throws {
        let path = records()
        let experiments = run(["experiments", "--experiments", path])
        #expect(experiments.status == 0, "\(experiments.console.errors)")
        #expect(experiments.console.output.contains(precedence), "\(experiments.console.output)")
        #expect(experiments.console.output.contains(numbers))
        #expect(experiments.console.output.contains(swallowed))
        #expect(!experiments.console.output.contains("warning: plain"))
        #expect(!experiments.console.output.contains("warning: events"))

        let validate = run(["validate", "--experiments", path])
        #expect(validate.console.output.contains(precedence), "\(validate.console.output)")
        #expect(validate.console.output.contains(numbers))
        #expect(validate.console.output.contains(swallowed))
        #expect(!validate.console.output.contains("problem: record surprising"))

        let json = try JSONParser.parse(run(["experiments", "--json", "--experiments", path]).console.output)
        let listed = try #require(json["records"]?.arrayValue)
        let warnings = Dictionary(uniqueKeysWithValues: listed.map { ($0["slug"]?.stringValue ?? "", $0["warnings"]?.arrayValue ?? []) })
        #expect(warnings["surprising"]?.count == 2)
        #expect(warnings["plain"] == [])
        #expect(warnings["first-run"]?.count == 1)
        #expect(warnings["events"] == [])
    }
}
