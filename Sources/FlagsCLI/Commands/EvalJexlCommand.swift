#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
import CommandLineArguments
import FeatureFlags
import Formats

/// `flags eval-jexl EXPRESSION`: a JEXL expression evaluated for this client exactly as a
/// record's targeting is.
struct EvalJexlCommand: FlagsCommand {
    static let name = "eval-jexl"
    static let summary = "Evaluate a JEXL targeting expression for this client"
    static let usage = "flags eval-jexl EXPRESSION [--json]"
    static let help = """
        Evaluates EXPRESSION as enrollment evaluates a record's targeting: the same parser and
        evaluator (jexl-rs's grammar and rules), the same transforms (versionCompare,
        bucketSample, the event queries, preferenceIsUserSet), against this client's context
        after the evaluation of its records (`flags context` shows it), where
        is_already_enrolled is false. Prints the value as JSON text, and on standard error a
        `warning:` line for each place jexl-rs reads the expression differently from how it
        looks, or for a value that is no boolean, which a record's targeting may not give. An
        expression that cannot be parsed or evaluated prints the expression, a caret under the
        character at fault and the message, and exits 1. --context, --channel and --nimbus-id change the
        client, as for `flags experiments`.
        """
    static let json = FlagOption.json("print {expression, value, error, position, warnings} as one JSON object")
    static let options: [any DeclaredOption] = [json]
    static let arguments = [ArgumentSpec(.text("EXPRESSION"))]
    static let examples = [
        CommandExample("flags eval-jexl \"language == 'en' && days_since_install < 7\"", "whether this client matches"),
        CommandExample("flags --context is_first_run=true eval-jexl 'is_first_run' --json", "the value for a first run, as JSON"),
    ]

    let expression: String
    let json: Bool

    init(arguments: inout ArgumentList) throws(CLIError) {
        json = arguments.take(Self.json)
        expression = try arguments.onePositional("EXPRESSION", command: Self.name)
    }

    func run(in context: CommandContext) throws {
        let result = try context.environment().experiments.evaluateJEXL(expression)
        if json {
            context.console.printJSON(.object([
                "expression": .string(expression),
                "value": result.value ?? .null,
                "error": result.errorDescription.map(JSONValue.string) ?? .null,
                "position": result.position.map(JSONValue.int) ?? .null,
                "warnings": .array(result.warnings.map(JSONValue.string)),
            ]))
        } else if let value = result.value {
            context.console.print(value.compactText)
        }
        if !json { for warning in result.warnings { context.console.printError("warning: \(warning)") } }
        guard let error = result.error else { return }
        if !json {
            if let (line, column) = result.errorLine {
                context.console.printError("  " + line)
                context.console.printError("  " + String(repeating: " ", count: max(0, column - 1)) + "^")
            } else {
                context.console.printError("  " + expression)
            }
        }
        throw CLIError.failure("eval-jexl: \(result.errorDescription ?? "\(error)")")
    }
}
#endif
