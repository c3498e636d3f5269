import Testing
@testable import Formats
@testable import Nimbus

/// `JEXLDiagnostics`: what evaluating targeting in one context does silently, said in a sentence.
@Suite struct JEXLDiagnosticsTests {
    let iOS: [String: JSONValue] = ["is_first_run": .bool(true), "days_since_install": .int(0), "language": .string("en")]

    private func warnings(_ source: String, in context: [String: JSONValue]) throws -> [String] {
        JEXLDiagnostics.warnings(of: try JEXLExpression(parse: source), in: context)
    }

    @Test func anErrorOnTheLeftOfOrIsNamed() throws {
        let source = "(isFirstRun == 'true' || is_first_run == true) && days_since_install < 7"
        // The SDK's answer: enrolled.
        #expect(try JEXLExpression(parse: source).evaluateCondition(in: iOS))
        let found = try warnings(source, in: iOS)
        #expect(found == ["`isFirstRun == 'true'` fails here (undefined identifier `isFirstRun` (did you mean `is_first_run`?)); on the left of `||` jexl-rs reads a failure as false and evaluates the right side, so the error goes unnoticed, as on a device"])
        // Where the left side is defined, nothing is silent.
        #expect(try warnings(source, in: ["isFirstRun": .string("true"), "days_since_install": .int(0)]).isEmpty)
    }

    @Test func aFailingConditionIsNamed() throws {
        let found = try warnings("language.x ? 'a' : 'b'", in: iOS)
        #expect(found.isEmpty, "a missing member is null, not an error")
        let failing = try warnings("missing ? 'a' : 'b'", in: iOS)
        #expect(failing.count == 1)
        #expect(failing.first?.hasPrefix("the condition `missing` fails here (undefined identifier `missing`)") == true)
    }

    @Test func equalityBetweenKindsIsNamed() throws {
        let found = try warnings("is_first_run == 'true'", in: iOS)
        #expect(found == ["`is_first_run == 'true'` compares boolean true with string \"true\" here, which is never true: jexl-rs does not convert between kinds"])
        #expect(try warnings("days_since_install != '0'", in: iOS).first?.contains("which is always true") == true)
        // Numbers of either kind, and null, are compared on purpose.
        #expect(try warnings("days_since_install == 0.0 && language != null", in: iOS).isEmpty)
    }

    @Test func parseTimeWarningsComeFirst() throws {
        let found = try warnings("language == 'de' || is_first_run == 'yes' && days_since_install in [0]", in: iOS)
        #expect(found.count == 3)
        #expect(found[0...1].contains { $0.contains("`a || b && c`") })
        #expect(found[0...1].contains { $0.contains("`in` looks for the value") })
        #expect(found[2].contains("compares boolean true with string \"yes\""))
    }

    @Test func deepAndLongExpressionsAreWalkedWithoutCrashing() throws {
        let long = Array(repeating: "missing || language == 'en'", count: 5_000).joined(separator: " || ")
        #expect(try warnings(long, in: iOS).count == 1)
        let deep = String(repeating: "(", count: 99) + "missing || true" + String(repeating: ")", count: 99)
        #expect(try warnings(deep, in: iOS).count == 1)
    }
}
