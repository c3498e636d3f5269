/// Why a JEXL targeting expression could not be parsed or evaluated.
///
/// Use `description` in messages to people: it names the identifier or the construct at
/// fault. An undefined identifier is an error rather than `false`, as in the Nimbus SDK, so a
/// typo in targeting shows up instead of silently enrolling nobody.
///
/// ```swift
/// do { _ = try JEXLExpression(parse: "is_frist_run").evaluate(in: [:]) }
/// catch { print(error) }  // undefined identifier `is_frist_run`
/// ```
public enum JEXLError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The text is not a JEXL expression; `position` is the 1-based character offset.
    case syntax(message: String, position: Int)
    /// A name (or dotted path) that the targeting context does not define.
    case undefinedIdentifier(String)
    /// Valid JEXL this evaluator does not implement (arithmetic, `? :`, filters, other transforms).
    case unsupported(String)
    /// An operator applied to values it does not accept, such as `'a' < 1`.
    case typeMismatch(String)
    /// Parentheses, lists, `!` or member steps nested deeper than `limit`, first at the
    /// 1-based character `position`: refused so that hostile targeting cannot overflow the stack.
    case tooDeep(limit: Int, position: Int)

    public var description: String {
        switch self {
        case .syntax(let message, let position): "syntax error at character \(position): \(message)"
        case .undefinedIdentifier(let name): "undefined identifier `\(name)`"
        case .unsupported(let construct): "unsupported JEXL construct: \(construct)"
        case .typeMismatch(let message): message
        case .tooDeep(let limit, let position):
            "nested deeper than \(limit) levels at character \(position); targeting may nest parentheses, lists, `!` and member steps at most \(limit) deep"
        }
    }
}
