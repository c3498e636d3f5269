import Formats
import Nimbus

/// A JEXL text evaluated for this client as enrollment evaluates a record's targeting: what
/// `flags eval-jexl` runs.
extension NimbusExperiments {
    /// The context a new record's targeting reads after this evaluation: `context` (the
    /// enrollment sets as this evaluation left them), where `is_already_enrolled` is false unless
    /// `--context` set it.
    public var targetingContext: [String: JSONValue] {
        var context = context
        if !client.pinnedContextKeys.contains("is_already_enrolled") { context["is_already_enrolled"] = .bool(false) }
        return context
    }

    /// `source` parsed and evaluated in `targetingContext` with this evaluation's transforms.
    public func evaluateJEXL(_ source: String) -> JEXLEvaluation {
        JEXLEvaluation(source: source, context: targetingContext, transforms: transforms)
    }
}
