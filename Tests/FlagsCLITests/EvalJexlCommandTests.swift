import FeatureFlags
import FeatureFlagsTestSupport
import FlagsCLI
import Foundation
import Formats
import Testing

/// `flags eval-jexl EXPRESSION` on the demo app.
@Suite struct EvalJexlCommandTests {
    let flags = InProcessFlags(environment: ["LANG": "en_US.UTF-8"])
    var folder: TemporaryDirectory { flags.folder }

    private func run(_ arguments: [String]) -> (status: Int32, console: Console) {
        flags.run(arguments)
    }

    @Test func printsTheValueAsJSONText() {
        let cases: [(String, String)] = [
            ("language == 'en' && days_since_install < 7", "true"),
            ("language", "\"en\""),
            ("[1, 'a', null] ", "[1.0,\"a\",null]"),
            ("'121.0' | versionCompare('120.!') >= 0", "true"),
        ]
        for (expression, printed) in cases {
            let (status, console) = run(["eval-jexl", expression])
            #expect(status == 0, "\(expression): \(console.errors)")
            #expect(console.output == printed + "\n", "\(expression)")
        }
    }

    @Test func globalOptionsChangeTheClient() throws {
        #expect(run(["--context", "language=ko", "eval-jexl", "language == 'ko'"]).console.output == "true\n")
        #expect(run(["--channel", "beta", "eval-jexl", "channel"]).console.output == "\"beta\"\n")
        let id = "3d2142de-53bf-2d48-a92d-45fb7036cbf6"
        #expect(run(["--nimbus-id", id, "eval-jexl", "nimbus_id"]).console.output == "\"\(id)\"\n")
        // As for a new enrollment: never already enrolled.
        #expect(run(["eval-jexl", "is_already_enrolled"]).console.output == "false\n")
    }

    @Test func aSyntaxErrorShowsACaretUnderItsCharacter() {
        let (status, console) = run(["eval-jexl", "language = 'en'"])
        #expect(status == 1)
        #expect(console.output.isEmpty)
        let lines = console.errors.split(separator: "\n").map(String.init)
        #expect(lines[0] == "  language = 'en'")
        #expect(lines[1] == "           ^")
        #expect(lines[2].hasPrefix("flags: eval-jexl: syntax error at character 10: unexpected `=`"))
    }

    @Test func anEvaluationErrorExitsOne() {
        let (status, console) = run(["eval-jexl", "langage == 'en'"])
        #expect(status == 1)
        #expect(console.errors.contains("flags: eval-jexl: undefined identifier `langage`"))
    }

    @Test func warningsAreWarningLines() {
        let (status, console) = run(["--context", "is_first_run=false", "eval-jexl", "is_first_run == 'true'"])
        #expect(status == 0)
        #expect(console.output == "false\n")
        #expect(console.errors.hasPrefix("warning: `is_first_run == 'true'` compares boolean false with string \"true\""))
    }

    @Test func theJSONHasEveryField() throws {
        let ok = try JSONParser.parse(run(["eval-jexl", "language", "--json"]).console.output)
        #expect(ok["expression"] == .string("language"))
        #expect(ok["value"] == .string("en"))
        #expect(ok["error"] == .null && ok["position"] == .null)
        #expect(ok["warnings"]?.arrayValue?.count == 1)
        let (status, console) = run(["eval-jexl", "--json", "language =="])
        #expect(status == 1)
        let bad = try JSONParser.parse(console.output)
        #expect(bad["value"] == .null)
        #expect(bad["position"] == .int(12))
        #expect(bad["error"]?.stringValue?.hasPrefix("syntax error at character 12") == true)
        #expect(bad["warnings"] == .array([]))
    }

    @Test func usage() {
        #expect(run(["eval-jexl"]).status == 2)
        #expect(run(["eval-jexl", "a", "b"]).status == 2)
    }
}
