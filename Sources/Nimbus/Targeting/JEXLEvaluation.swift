import Formats
/// One JEXL text evaluated as enrollment evaluates targeting: parsed by `JEXLExpression`,
/// evaluated in a client's context with its transforms, with the warnings `JEXLDiagnostics`
/// finds. What `flags eval-jexl` prints.
///
/// Use it to try a targeting expression against a client before publishing a record: a value,
/// or an error with the 1-based character where the text is wrong.
///
/// ```swift
/// let result = JEXLEvaluation(source: "language == 'ko'", context: ["language": "en"])
/// result.value            // .bool(false)
/// JEXLEvaluation(source: "language ==", context: [:]).position   // 12
/// ```
public struct JEXLEvaluation: Sendable, Hashable {
    /// The text as given.
    public let source: String
    /// The value, when evaluation succeeded.
    public let value: JSONValue?
    /// Why it could not be parsed or evaluated.
    public let error: JEXLError?
    /// `error` in words, with the nearest name of the context suggested for an undefined one.
    public let errorDescription: String?
    /// Parse-time and evaluation warnings, and, for a value that is not a boolean, that enrollment
    /// would refuse it as targeting.
    public let warnings: [String]

    /// Parses and evaluates `source` in `context` with `transforms`.
    public init(source: String, context: [String: JSONValue], transforms: JEXLTransforms = .stateless) {
        self.source = source
        let expression: JEXLExpression
        do {
            expression = try JEXLExpression(parse: source)
        } catch {
            (value, self.error, errorDescription, warnings) = (nil, error, error.description, [])
            return
        }
        var warnings = JEXLDiagnostics.warnings(of: expression, in: context, transforms: transforms)
        do {
            let value = try expression.evaluate(in: context, transforms: transforms)
            if case .bool = value {} else {
                warnings.append("as a record's targeting this is an error: targeting must give a boolean, and this gives \(value.kindAndText)")
            }
            (self.value, self.error, errorDescription) = (value, nil, nil)
        } catch {
            (self.value, self.error, errorDescription) = (nil, error, error.description(suggestingFrom: context))
        }
        self.warnings = warnings
    }

    /// The 1-based character of `source` the error points at (a syntax error, nesting too deep);
    /// nil for an error of evaluation, which belongs to no one character.
    public var position: Int? {
        switch error {
        case .syntax(_, let position)?, .tooDeep(_, let position)?: position
        default: nil
        }
    }

    /// What enrollment would make of this text as a record's targeting: true or false, or nil
    /// when enrollment would report an error (a failure, a value that is not a boolean).
    public var asTargeting: Bool? {
        if case .bool(let matches)? = value { matches } else { nil }
    }

    /// The line of `source` holding `position` and the 1-based column in it, to draw a caret under.
    public var errorLine: (text: String, column: Int)? {
        guard let position else { return nil }
        var lineStart = 0
        var offset = 0
        let characters = Array(source)
        for (index, character) in characters.enumerated() where index < position - 1 && character.isNewline {
            lineStart = index + 1
            offset = index + 1
        }
        let end = characters[lineStart...].firstIndex(where: \.isNewline) ?? characters.count
        return (String(characters[lineStart..<end]), position - offset)
    }
}
