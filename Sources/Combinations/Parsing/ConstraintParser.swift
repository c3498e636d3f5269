import Platform

/// Reads the constraints section of a PICT model: the text of every constraint line, joined
/// with nothing in between as PICT joins them, so a constraint may span lines.
///
/// The grammar is PICT's (keywords in any case, each matched as a prefix after white space):
///
/// ```
/// constraint := IF clause THEN clause [ELSE clause] ';'  |  clause ';'
/// clause     := conjunction { OR conjunction }
/// conjunction:= unary { AND unary }
/// unary      := NOT unary | '(' clause ')' | term
/// term       := '[' P ']' ( = | <> | < | <= | > | >= ) ( value | '[' Q ']' )
///             | '[' P ']' [NOT] IN '{' value {',' value} '}'
///             | '[' P ']' [NOT] LIKE ( "pattern" | '[' Q ']' )
///             | ISNEGATIVE '(' [P] ')' | ISPOSITIVE '(' [P] ')'
/// value      := "string"  |  number
/// ```
///
/// Where PICT warns and drops a constraint (an unknown parameter) or keeps a relation no value
/// can meet (`[OS] = "Win1O"`), this parser stops with the place and the name probably meant.
struct ConstraintParser {
    /// The joined constraint text and, for each of its scalars, where it came from.
    struct Source {
        var scalars: [Unicode.Scalar] = []
        var locations: [ModelLocation] = []
        /// Where the text ends (after the last line), for "expected ';'" at the end.
        var end: ModelLocation

        /// Appends one line; `columns[i]` is the 1-based character column of scalar `i`.
        mutating func append(line scalars: [Unicode.Scalar], number: Int, file: String) {
            var column = 1
            var text = ""
            for scalar in scalars {
                // A scalar that extends the character before it (a combining mark) shares its column.
                let before = text.count
                text.unicodeScalars.append(scalar)
                if text.count > before, before > 0 { column += 1 }
                self.scalars.append(scalar)
                locations.append(ModelLocation(file: file, line: number, column: column))
            }
            end = ModelLocation(file: file, line: number, column: column + 1)
        }
    }

    let source: Source
    let parameters: [Parameter]
    let caseSensitive: Bool
    private(set) var warnings: [ModelDiagnostic] = []
    private var index = 0
    private let numeric: [Bool]

    init(source: Source, parameters: [Parameter], caseSensitive: Bool) {
        self.source = source
        self.parameters = parameters
        self.caseSensitive = caseSensitive
        self.numeric = parameters.map(\.isNumeric)
    }

    mutating func parseAll() throws(ModelDiagnostic) -> [Constraint] {
        var constraints: [Constraint] = []
        while true {
            skipSpace()
            guard index < source.scalars.count else { return constraints }
            constraints.append(try constraint())
        }
    }

    // MARK: - Grammar

    private mutating func constraint() throws(ModelDiagnostic) -> Constraint {
        let start = location()
        var result: Constraint
        if keyword("IF") {
            let condition = try clause()
            guard keyword("THEN") else { throw error("expected THEN after the IF condition") }
            let consequence = try clause()
            let alternative = keyword("ELSE") ? try clause() : nil
            result = Constraint(if: condition, then: consequence, else: alternative, location: start)
        } else {
            result = Constraint(then: try clause(), location: start)
        }
        guard symbol(";") else {
            throw error(index >= source.scalars.count ? "expected ';' at the end of the constraint" : "expected ';' or a keyword (AND, OR, THEN, ELSE) here")
        }
        return result
    }

    private mutating func clause() throws(ModelDiagnostic) -> ConstraintExpression {
        var result = try conjunction()
        while keyword("OR") { result = .or(result, try conjunction()) }
        return result
    }

    private mutating func conjunction() throws(ModelDiagnostic) -> ConstraintExpression {
        var result = try unary()
        while keyword("AND") { result = .and(result, try unary()) }
        return result
    }

    private mutating func unary() throws(ModelDiagnostic) -> ConstraintExpression {
        if keyword("NOT") { return .not(try unary()) }
        if symbol("(") {
            let inner = try clause()
            guard symbol(")") else { throw error("expected ')'") }
            return inner
        }
        return try term()
    }

    private mutating func term() throws(ModelDiagnostic) -> ConstraintExpression {
        skipSpace()
        let termStart = index
        for (word, negative) in [("ISNEGATIVE", true), ("ISPOSITIVE", false)] where keyword(word) {
            guard symbol("(") else { throw error("expected '(' after \(word)") }
            let nameStart = index
            guard let close = source.scalars[index...].firstIndex(of: ")") else { throw error("expected ')' after \(word)(") }
            let name = String(String.UnicodeScalarView(source.scalars[index..<close])).trimmingWhitespace()
            index = close + 1
            var parameter: Int?
            if !name.isEmpty {
                parameter = try resolve(name, at: nameStart)
                if let parameter, !parameters[parameter].values.contains(where: \.isNegative) {
                    warnings.append(ModelDiagnostic("parameter '\(parameters[parameter].name)' has no negative value, so \(word)(\(name)) is always \(negative ? "false" : "true")",
                                                    at: location(nameStart)))
                }
            }
            return negative ? .isNegative(parameter) : .not(.isNegative(parameter))
        }
        guard symbol("[") else { throw error("expected a parameter in brackets, such as [OS], or ISNEGATIVE(…)") }
        let nameStart = index
        let name = try delimited(by: "]", what: "parameter name")
        let subject = try resolve(name, at: nameStart)
        let comparisons: [(String, ConstraintExpression.Comparison)] = [("=", .equal), ("<>", .notEqual), ("<=", .lessOrEqual), (">=", .greaterOrEqual), (">", .greater), ("<", .less)]
        for (text, comparison) in comparisons where symbol(text) {
            skipSpace()
            let operandStart = index
            let operand = try operand(for: subject, like: false)
            try check(subject, comparison, operand, operandAt: operandStart, termStart: termStart)
            return .compare(subject, comparison, operand)
        }
        if keyword("IN") { return try set(for: subject) }
        if keyword("LIKE") { return try like(subject, termStart: termStart) }
        if keyword("NOT") {
            if keyword("IN") { return .not(try set(for: subject)) }
            if keyword("LIKE") { return .not(try like(subject, termStart: termStart)) }
            throw error("expected IN or LIKE after NOT")
        }
        throw error("expected a relation after [\(name)]: =, <>, <, <=, >, >=, IN, NOT IN, LIKE or NOT LIKE")
    }

    private mutating func like(_ subject: Int, termStart: Int) throws(ModelDiagnostic) -> ConstraintExpression {
        skipSpace()
        let operandStart = index
        let operand = try operand(for: subject, like: true)
        try check(subject, .like, operand, operandAt: operandStart, termStart: termStart)
        return .compare(subject, .like, operand)
    }

    private mutating func set(for subject: Int) throws(ModelDiagnostic) -> ConstraintExpression {
        guard symbol("{") else { throw error("expected '{' after IN") }
        var elements: [ConstraintExpression.Operand] = []
        repeat {
            skipSpace()
            let elementStart = index
            let element = try value(for: subject)
            try requireMatch(subject, element, at: elementStart)
            elements.append(element)
        } while symbol(",")
        guard symbol("}") else { throw error("expected ',' or '}' in the set after IN") }
        return .isIn(subject, elements)
    }

    private mutating func operand(for subject: Int, like: Bool) throws(ModelDiagnostic) -> ConstraintExpression.Operand {
        skipSpace()
        if symbol("[") {
            let nameStart = index
            let name = try delimited(by: "]", what: "parameter name")
            let other = try resolve(name, at: nameStart)
            guard other != subject else { throw error("parameter '\(parameters[subject].name)' is compared with itself", at: nameStart) }
            guard numeric[other] == numeric[subject] else {
                throw error("'\(parameters[subject].name)' and '\(parameters[other].name)' cannot be compared: one is numeric and the other is not", at: nameStart)
            }
            if like, numeric[subject] { throw error("LIKE works on string parameters, and '\(parameters[subject].name)' is numeric", at: nameStart) }
            return .parameter(other)
        }
        if like {
            guard !numeric[subject] else { throw error("LIKE works on string parameters, and '\(parameters[subject].name)' is numeric") }
            guard peek() == "\"" else { throw error("expected a quoted pattern after LIKE, such as \"Win*\"") }
        }
        return try value(for: subject)
    }

    private mutating func value(for subject: Int) throws(ModelDiagnostic) -> ConstraintExpression.Operand {
        skipSpace()
        let start = index
        if symbol("\"") {
            let text = try delimited(by: "\"", what: "string")
            guard !numeric[subject] else {
                throw error("parameter '\(parameters[subject].name)' is numeric; compare it with a number, without quotes", at: start)
            }
            return .string(text)
        }
        if let (number, end) = PICTNumber.prefix(of: source.scalars, from: index) {
            guard numeric[subject] else {
                throw error("parameter '\(parameters[subject].name)' has string values; put the value in quotes", at: start)
            }
            index = end
            return .number(number)
        }
        throw error("expected a value: a quoted string or a number")
    }

    // MARK: - Meaning

    private func resolve(_ name: String, at start: Int) throws(ModelDiagnostic) -> Int {
        let found = parameters.firstIndex { caseSensitive ? $0.name == name : $0.name.uppercased() == name.uppercased() }
        guard let found else {
            throw ModelDiagnostic("unknown parameter '\(name)'", at: location(start), suggestion: NearestName.find(name.trimmingWhitespace(), among: parameters.map(\.name)))
        }
        return found
    }

    /// `=`, `<>` and `IN` must name a value the parameter has: PICT accepts a typo with a
    /// warning and the relation then holds for no value (or every value), silently.
    private func requireMatch(_ subject: Int, _ operand: ConstraintExpression.Operand, at start: Int) throws(ModelDiagnostic) {
        let parameter = parameters[subject]
        switch operand {
        case .number(let number):
            if parameter.values.contains(where: { PICTNumber.parse($0.name) == number }) { return }
            throw ModelDiagnostic("parameter '\(parameter.name)' has no value \(Self.text(number))", at: location(start),
                                  suggestion: NearestName.find(Self.text(number).trimmingWhitespace(), among: parameter.values.map(\.name)))
        case .string(let text):
            let matches = { (name: String) in caseSensitive ? name == text : name.uppercased() == text.uppercased() }
            if parameter.values.contains(where: { matches($0.name) }) { return }
            if let aliased = parameter.values.first(where: { $0.aliases.contains(where: matches) }) {
                throw ModelDiagnostic("'\(text)' is an alias of '\(aliased.name)' of parameter '\(parameter.name)'; constraints compare a value's first name",
                                      at: location(start), suggestion: aliased.name)
            }
            throw ModelDiagnostic("parameter '\(parameter.name)' has no value \"\(text)\"", at: location(start),
                                  suggestion: NearestName.find(text.trimmingWhitespace(), among: parameter.values.map(\.name)))
        case .parameter: return
        }
    }

    private mutating func check(_ subject: Int, _ comparison: ConstraintExpression.Comparison, _ operand: ConstraintExpression.Operand,
                                operandAt start: Int, termStart: Int) throws(ModelDiagnostic) {
        if case .parameter = operand { return }
        switch comparison {
        case .equal, .notEqual:
            try requireMatch(subject, operand, at: start)
        case .less, .lessOrEqual, .greater, .greaterOrEqual, .like:
            // A relation every value meets, or none, is legal but almost always a slip.
            let evaluator = ValueRelation(parameters: parameters, caseSensitive: caseSensitive)
            let count = parameters[subject].values.indices.filter { evaluator.holds(subject, $0, comparison, operand) }.count
            let termText = String(String.UnicodeScalarView(source.scalars[termStart..<index])).trimmingWhitespace()
            if count == 0 {
                warnings.append(ModelDiagnostic("no value of '\(parameters[subject].name)' satisfies \(termText)", at: location(termStart)))
            } else if count == parameters[subject].values.count {
                warnings.append(ModelDiagnostic("every value of '\(parameters[subject].name)' satisfies \(termText)", at: location(termStart)))
            }
        }
    }

    static func text(_ number: Double) -> String {
        number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)
    }

    // MARK: - Scanning

    private func peek() -> Unicode.Scalar? { index < source.scalars.count ? source.scalars[index] : nil }

    private mutating func skipSpace() {
        while let scalar = peek(), scalar.properties.isWhitespace { index += 1 }
    }

    /// Consumes `text` after white space.
    private mutating func symbol(_ text: String) -> Bool {
        skipSpace()
        let scalars = Array(text.unicodeScalars)
        guard index + scalars.count <= source.scalars.count, Array(source.scalars[index..<index + scalars.count]) == scalars else { return false }
        index += scalars.count
        return true
    }

    /// Consumes a keyword after white space, in any case, as a prefix (as PICT matches them).
    private mutating func keyword(_ word: String) -> Bool {
        skipSpace()
        let letters = Array(word.unicodeScalars)
        guard index + letters.count <= source.scalars.count else { return false }
        for (offset, letter) in letters.enumerated() {
            var scalar = source.scalars[index + offset]
            if ("a"..."z").contains(scalar) { scalar = Unicode.Scalar(scalar.value - 32)! }
            guard scalar == letter else { return false }
        }
        index += letters.count
        return true
    }

    /// The text up to the closing `delimiter`, with PICT's escapes `\\`, `\"` and `\]`.
    private mutating func delimited(by delimiter: Unicode.Scalar, what: String) throws(ModelDiagnostic) -> String {
        var text = String.UnicodeScalarView()
        let start = index - 1
        while let scalar = peek() {
            index += 1
            if scalar == delimiter { return String(text) }
            if scalar == "\\" {
                guard let escaped = peek(), escaped == "\\" || escaped == "\"" || escaped == "]" else {
                    throw error("only \\\\, \\\" and \\] may be escaped with a backslash", at: index - 1)
                }
                index += 1
                text.append(escaped)
            } else {
                text.append(scalar)
            }
        }
        throw error("this \(what) has no closing \(delimiter)", at: start)
    }

    private func location(_ position: Int? = nil) -> ModelLocation {
        let position = position ?? index
        return position < source.locations.count ? source.locations[position] : source.end
    }

    private func error(_ message: String, at position: Int? = nil) -> ModelDiagnostic {
        var position = position ?? index
        if position == index { while position < source.scalars.count, source.scalars[position].properties.isWhitespace { position += 1 } }
        return ModelDiagnostic(message, at: location(position))
    }
}
