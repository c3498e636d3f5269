/// Splits JEXL source into tokens. Operators JEXL has but this evaluator does not support are
/// still recognised, so the parser can name them instead of reporting gibberish.
struct JEXLTokenizer {
    /// Longest first, so `<=` is not read as `<` then `=`.
    private static let symbols = [
        "==", "!=", "<=", ">=", "&&", "||", "//",
        "<", ">", "!", "|", "(", ")", "[", "]", "{", "}", ",", ".", "?", ":",
        "+", "-", "*", "/", "%", "^", "=",
    ]

    static func tokenize(_ source: String) throws(JEXLError) -> [JEXLToken] {
        let characters = Array(source)
        var tokens: [JEXLToken] = []
        var index = 0
        while index < characters.count {
            let character = characters[index]
            let position = index + 1
            if character.isWhitespace {
                index += 1
            } else if character.isNumber, character.isASCII {
                var end = index
                while end < characters.count, characters[end].isASCII, characters[end].isNumber { end += 1 }
                var isInteger = true
                // A dot followed by a digit continues the number; otherwise it is member access.
                if end + 1 < characters.count, characters[end] == ".", characters[end + 1].isASCII, characters[end + 1].isNumber {
                    isInteger = false
                    end += 1
                    while end < characters.count, characters[end].isASCII, characters[end].isNumber { end += 1 }
                }
                let text = String(characters[index..<end])
                if isInteger, let int = Int(text) {
                    tokens.append(JEXLToken(kind: .number(.int(int)), position: position))
                } else if let double = Double(text) {
                    tokens.append(JEXLToken(kind: .number(.double(double)), position: position))
                } else {
                    throw .syntax(message: "invalid number `\(text)`", position: position)
                }
                index = end
            } else if character == "'" || character == "\"" {
                var text = ""
                var end = index + 1
                var closed = false
                while end < characters.count {
                    let next = characters[end]
                    if next == "\\", end + 1 < characters.count {
                        // JEXL keeps the escaped character as it is: \' → ', \\ → \.
                        text.append(characters[end + 1])
                        end += 2
                    } else if next == character {
                        closed = true
                        end += 1
                        break
                    } else {
                        text.append(next)
                        end += 1
                    }
                }
                guard closed else { throw .syntax(message: "unterminated string", position: position) }
                tokens.append(JEXLToken(kind: .string(text), position: position))
                index = end
            } else if character.isLetter || character == "_" || character == "$" {
                var end = index
                while end < characters.count,
                      characters[end].isLetter || characters[end].isNumber || characters[end] == "_" || characters[end] == "$" {
                    end += 1
                }
                let word = String(characters[index..<end])
                let kind: JEXLToken.Kind = switch word {
                case "true": .literal(.bool(true))
                case "false": .literal(.bool(false))
                case "null": .literal(.null)
                case "in": .symbol("in")
                default: .identifier(word)
                }
                tokens.append(JEXLToken(kind: kind, position: position))
                index = end
            } else if let symbol = symbols.first(where: { matches($0, characters, at: index) }) {
                tokens.append(JEXLToken(kind: .symbol(symbol), position: position))
                index += symbol.count
            } else {
                throw .syntax(message: "unexpected character `\(character)`", position: position)
            }
        }
        tokens.append(JEXLToken(kind: .end, position: characters.count + 1))
        return tokens
    }

    private static func matches(_ symbol: String, _ characters: [Character], at index: Int) -> Bool {
        var offset = index
        for character in symbol {
            guard offset < characters.count, characters[offset] == character else { return false }
            offset += 1
        }
        return true
    }
}
