import Formats
/// What evaluating a JEXL expression against one context does that its author probably did not
/// expect: an error that jexl-rs silently reads as false, or an equality between values of
/// different kinds (never true). The expression's own parse-time `warnings` come first.
///
/// This walk evaluates subexpressions again, so it is for reports (`flags experiments`,
/// `flags validate`), never for enrollment itself.
///
/// ```swift
/// let expression = try JEXLExpression(parse: "(isFirstRun == 'true' || is_first_run == true)")
/// JEXLDiagnostics.warnings(of: expression, in: ["is_first_run": true])
/// // ["`isFirstRun == 'true'` fails here (undefined identifier `isFirstRun`); …"]
/// ```
public struct JEXLDiagnostics {
    private let context: [String: JSONValue]
    private let transforms: JEXLTransforms
    private var found: [String]

    /// The expression's parse-time warnings, then those of evaluating it in `context`.
    public static func warnings(of expression: JEXLExpression, in context: [String: JSONValue],
                                transforms: JEXLTransforms = .stateless) -> [String] {
        var diagnostics = JEXLDiagnostics(context: context, transforms: transforms, found: expression.warnings)
        diagnostics.visit(expression.root)
        return diagnostics.found
    }

    private mutating func note(_ warning: String) {
        if !found.contains(warning) { found.append(warning) }
    }

    private func attempt(_ node: JEXLNode) -> Result<JSONValue, JEXLError> {
        JEXLExpression.attempt(node, in: context, transforms: transforms)
    }

    /// Recurses only into nested expressions (bounded by the parser's depth limit). A node's own
    /// warnings come after those of its subexpressions.
    private mutating func visit(_ node: JEXLNode) {
        node.forEachChild { visit($0) }
        switch node {
        case .conditional(let condition, let branches):
            noteFailedConditions(condition, branches)
        case .chain(let first, let links):
            if links[0].op == .and || links[0].op == .or {
                noteSwallowedErrors(first, links)
            } else {
                noteMixedKinds(first, links)
            }
        default:
            return
        }
    }

    /// `failing ? a : b`: jexl-rs takes the `:` branch of a condition that fails.
    private mutating func noteFailedConditions(_ condition: JEXLNode, _ branches: [JEXLNode.Branches]) {
        var outcome = attempt(condition)
        var conditionText = condition.sourceText
        for branch in branches {
            if case .failure(let error) = outcome {
                note("the condition `\(conditionText)` fails here (\(error.description(suggestingFrom: context))); jexl-rs reads a failed condition as false and takes the `:` branch, as a device does")
            }
            let taken = JEXLExpression.isTruthy(outcome) ? branch.truthy : branch.falsy
            outcome = attempt(taken)
            conditionText += " ? \(branch.truthy.sourceText) : \(branch.falsy.sourceText)"
        }
    }

    /// `failing || x`: jexl-eval's `Or` evaluates the right side when the left is an error.
    private mutating func noteSwallowedErrors(_ first: JEXLNode, _ links: [JEXLNode.Link]) {
        var outcome = attempt(first)
        for (offset, link) in links.enumerated() {
            if link.op == .or, case .failure(let error) = outcome {
                let left = JEXLNode.sourceText(first, links[..<offset])
                note("`\(left)` fails here (\(error.description(suggestingFrom: context))); on the left of `||` jexl-rs reads a failure as false and evaluates the right side, so the error goes unnoticed, as on a device")
            }
            let evaluateRight = link.op == .or ? !JEXLExpression.isTruthy(outcome) : JEXLExpression.isTruthy(outcome)
            if evaluateRight { outcome = attempt(link.operand) }
        }
    }

    /// `==` and `!=` between a string, a boolean, a number, a list and an object of different
    /// kinds are always false and true: `is_first_run == 'true'` for a boolean attribute.
    private mutating func noteMixedKinds(_ first: JEXLNode, _ links: [JEXLNode.Link]) {
        var left = attempt(first)
        for (offset, link) in links.enumerated() {
            let right = attempt(link.operand)
            if link.op == .equal || link.op == .notEqual, case .success(let a) = left, case .success(let b) = right,
               let kindA = Self.kind(a), let kindB = Self.kind(b), kindA != kindB {
                let source = JEXLNode.sourceText(first, links[...offset])
                let verdict = link.op == .equal ? "never true" : "always true"
                note("`\(source)` compares \(kindA) \(a.compactText) with \(kindB) \(b.compactText) here, which is \(verdict): jexl-rs does not convert between kinds")
            }
            left = left.flatMap { a in right.flatMap { b in
                Result { () throws(JEXLError) in try JEXLExpression.apply(link.op, a, b, source: "") }
            } }
        }
    }

    /// The kind for comparison warnings; nil for `null`, which is compared on purpose.
    private static func kind(_ value: JSONValue) -> String? {
        switch value {
        case .null: nil
        case .bool: "boolean"
        case .int, .double: "number"
        case .string: "string"
        case .array: "list"
        case .object: "object"
        }
    }
}
