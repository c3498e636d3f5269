import Platform
import Formats

/// Why a JEXL targeting expression could not be parsed or evaluated, as jexl-rs would fail it.
///
/// Use `description` in messages to people: it names the identifier, transform or construct at
/// fault and how to fix it. An undefined identifier is an error rather than `false`, as in the
/// Nimbus SDK, so a typo in targeting shows up instead of silently enrolling nobody (on the left
/// of `||`, `&&` or `? :` jexl-rs treats the error as false: see `JEXLExpression`).
///
/// ```swift
/// do { _ = try JEXLExpression(parse: "is_frist_run").evaluate(in: [:]) }
/// catch { print(error) }  // undefined identifier `is_frist_run`
/// ```
public enum JEXLError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The text is not a JEXL expression jexl-rs accepts; `position` is the 1-based character offset.
    case syntax(message: String, position: Int)
    /// A name that the targeting context does not define.
    case undefinedIdentifier(String)
    /// `subject | name` where no transform `name` is registered; `known` are the registered ones.
    case unknownTransform(String, known: [String])
    /// An object literal that names one key twice.
    case duplicateObjectKey(String)
    /// An operator applied to values it does not accept, such as `'a' < 1`.
    case typeMismatch(String)
    /// Parentheses, lists, objects, subscripts or transform arguments nested deeper than
    /// `limit`, first at the 1-based character `position`: refused so that hostile targeting
    /// cannot overflow the stack.
    case tooDeep(limit: Int, position: Int)

    /// `description`, with the nearest name `context` defines suggested for an undefined
    /// identifier: the context's names are the list of valid words a typo was meant to be one of.
    /// Computed when a message is written, never while targeting is evaluated (an error on the
    /// left of `||` is routine there).
    public func description(suggestingFrom context: [String: JSONValue]) -> String {
        guard case .undefinedIdentifier(let name) = self, let nearest = NearestName.find(name, among: context.keys) else { return description }
        return "\(description) (did you mean `\(nearest)`?)"
    }

    public var description: String {
        switch self {
        case .syntax(let message, let position): "syntax error at character \(position): \(message)"
        case .undefinedIdentifier(let name): "undefined identifier `\(name)`"
        case .unknownTransform(let name, let known):
            "unknown transform `\(name)`; " + (known.isEmpty ? "no transforms are registered" : "the registered ones are " + known.map { "`\($0)`" }.joined(separator: ", "))
        case .duplicateObjectKey(let key): "the object literal has the key `\(key)` twice; remove one"
        case .typeMismatch(let message): message
        case .tooDeep(let limit, let position):
            "nested deeper than \(limit) levels at character \(position); targeting may nest parentheses, lists, objects, subscripts and transform arguments at most \(limit) deep"
        }
    }
}
