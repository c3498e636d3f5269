import Testing
@testable import Formats
@testable import Nimbus

@Suite struct JEXLEvaluationTests {
    let context: [String: JSONValue] = ["language": .string("en"), "is_first_run": .bool(false), "app_version": .string("121.0")]

    @Test func aValueWithTheSameTransformsAsTargeting() {
        let result = JEXLEvaluation(source: "(app_version|versionCompare('120.!') >= 0) && language == 'en'", context: context)
        #expect(result.value == .bool(true))
        #expect(result.error == nil && result.position == nil && result.warnings.isEmpty)
        #expect(result.asTargeting == true)
    }

    @Test func aSyntaxErrorHasItsPositionAndLine() {
        let result = JEXLEvaluation(source: "language ==", context: context)
        #expect(result.value == nil)
        #expect(result.position == 12)
        #expect(result.errorLine?.text == "language ==")
        #expect(result.errorLine?.column == 12)
        let multiline = JEXLEvaluation(source: "language == 'en' &&\n  = 3", context: context)
        #expect(multiline.errorLine?.text == "  = 3")
        #expect(multiline.errorLine?.column == 3)
    }

    @Test func anEvaluationErrorHasNoPosition() {
        let result = JEXLEvaluation(source: "langage == 'en'", context: context)
        #expect(result.error == .undefinedIdentifier("langage"))
        #expect(result.position == nil && result.asTargeting == nil)
    }

    @Test func aValueThatIsNotABooleanIsNotTargeting() {
        let result = JEXLEvaluation(source: "language", context: context)
        #expect(result.value == .string("en"))
        #expect(result.asTargeting == nil)
        #expect(result.warnings.last?.contains("targeting must give a boolean") == true)
    }

    @Test func warningsOfTheDiagnostics() {
        let result = JEXLEvaluation(source: "is_first_run == 'true'", context: context)
        #expect(result.value == .bool(false))
        #expect(result.warnings.count == 1)
        #expect(result.warnings[0].contains("compares boolean false with string \"true\""))
    }
}
