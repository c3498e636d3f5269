import Formats
/// One lexical token of a JEXL expression, with the 1-based character offset where it starts.
struct JEXLToken: Equatable {
    enum Kind: Equatable {
        /// jexl-rs reads every number literal as an `f64`, so `1` is the float `1.0`.
        case number(Double)
        case string(String)
        case identifier(String)
        /// `true`, `false`, `null`.
        case literal(JSONValue)
        /// Operators and punctuation, spelled as in the source: `==`, `(`, `|`, `in`, ...
        case symbol(String)
        case end
    }

    var kind: Kind
    var position: Int

    /// How the token reads in an error message.
    var display: String {
        switch kind {
        case .number(let value): "number `\(JEXLNode.numberText(value))`"
        case .string(let text): "string '\(text)'"
        case .identifier(let name): "`\(name)`"
        case .literal(let value): "`\(value.compactText)`"
        case .symbol(let symbol): "`\(symbol)`"
        case .end: "the end of the expression"
        }
    }
}
