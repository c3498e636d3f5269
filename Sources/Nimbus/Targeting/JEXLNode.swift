/// The syntax tree of a parsed JEXL expression.
indirect enum JEXLNode: Sendable, Hashable {
    case literal(JSONValue)
    case identifier(String)
    /// `base.name`
    case member(JEXLNode, String)
    /// `base[index]`
    case index(JEXLNode, JEXLNode)
    case array([JEXLNode])
    /// `!x` or `-x`
    case unary(String, JEXLNode)
    /// `left op right` for `== != < <= > >= && || in`
    case binary(String, JEXLNode, JEXLNode)
    /// `subject | name(arguments)`
    case transform(String, JEXLNode, [JEXLNode])

    /// The expression written back as source, to name it in error messages.
    var sourceText: String {
        switch self {
        case .literal(let value): value.stringValue.map { "'\($0)'" } ?? value.compactText
        case .identifier(let name): name
        case .member(let base, let name): "\(base.sourceText).\(name)"
        case .index(let base, let index): "\(base.sourceText)[\(index.sourceText)]"
        case .array(let elements): "[" + elements.map(\.sourceText).joined(separator: ", ") + "]"
        case .unary(let op, let operand): op + operand.sourceText
        case .binary(let op, let left, let right): "\(left.sourceText) \(op) \(right.sourceText)"
        case .transform(let name, let subject, let arguments):
            "\(subject.sourceText) | \(name)(" + arguments.map(\.sourceText).joined(separator: ", ") + ")"
        }
    }
}
