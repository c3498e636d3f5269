import Platform

/// Reads a PICT model file into a ``CombinationModel``, line by line as PICT reads it, so a QA
/// team's existing models work unchanged.
///
/// Use it for `flags combinations MODEL` and `flags matrix --model`. What it reads:
/// - `#` starts a comment line (there are no comments at the end of a line, as in PICT); blank
///   lines are skipped; a leading UTF-8 byte order mark is dropped;
/// - parameter lines, `Name: v1, v2, …` (split at the first `:`, or at the first separator when
///   there is none): values with aliases `a | b`, a negative prefix `~x`, a weight `x (3)`, and
///   `<Other>` for all values of a parameter defined above; `Name @ N:` is read and its order ignored,
///   as PICT ignores it;
/// - then sub-model lines, `{ A, B, C } @ 3`;
/// - then constraints: from the first line that looks like one (`IF …[…]…`, `[…]…`, `(…[…]…`),
///   every further line is constraint text, joined to the others as PICT joins them.
///
/// Unlike PICT, an unknown parameter or value is an error with its place and the closest name,
/// not a warning that drops the constraint or the sub-model; a byte that is not UTF-8 is an error,
/// not the silent end of the file.
///
/// ```swift
/// var parser = ModelParser()
/// let model = try parser.parse("""
///     OS: Win10, Win11
///     Size: 10, 100, 1000
///     IF [OS] = "Win10" THEN [Size] < 1000;
///     """, file: "disk.txt")
/// parser.warnings   // what PICT would accept but is probably a mistake
/// ```
public struct ModelParser: Sendable {
    /// PICT's command-line switches that change how a model reads.
    public struct Options: Sendable, Hashable {
        /// Between values (PICT's `/d:C`).
        public var valueSeparator: Character
        /// Between a value's names (PICT's `/a:C`).
        public var aliasSeparator: Character
        /// Before a negative value (PICT's `/n:C`).
        public var negativePrefix: Character
        /// Names and string values compare case-sensitively (PICT's `/c`).
        public var isCaseSensitive: Bool

        public init(valueSeparator: Character = ",", aliasSeparator: Character = "|", negativePrefix: Character = "~", isCaseSensitive: Bool = false) {
            self.valueSeparator = valueSeparator
            self.aliasSeparator = aliasSeparator
            self.negativePrefix = negativePrefix
            self.isCaseSensitive = isCaseSensitive
        }
    }

    public var options: Options
    /// What the last `parse` accepted but PICT users would want to hear about.
    public private(set) var warnings: [ModelDiagnostic] = []

    public init(options: Options = Options()) {
        self.options = options
    }

    /// Reads a model from the bytes of a file, which must be UTF-8.
    public mutating func parse(bytes: some Collection<UInt8>, file: String = "<model>") throws(ModelDiagnostic) -> CombinationModel {
        guard let text = String(validating: bytes, as: UTF8.self) else {
            // Say where the bad byte is, so the file can be fixed or converted.
            let valid = Self.validPrefixLength(Array(bytes))
            let prefix = String(decoding: Array(bytes).prefix(valid), as: UTF8.self)
            let line = prefix.split(separator: "\n", omittingEmptySubsequences: false)
            throw ModelDiagnostic("the file is not UTF-8 (convert it, for example with iconv -f WINDOWS-1252 -t UTF-8)",
                                  at: ModelLocation(file: file, line: line.count, column: (line.last?.count ?? 0) + 1))
        }
        return try parse(text, file: file)
    }

    /// Reads a model from its text.
    public mutating func parse(_ text: String, file: String = "<model>") throws(ModelDiagnostic) -> CombinationModel {
        warnings = []
        enum Section { case parameters, subModels, constraints }
        var section = Section.parameters
        var parameters: [Parameter] = []
        var subModelLines: [(scalars: [Unicode.Scalar], number: Int)] = []
        var constraintSource = ConstraintParser.Source(end: ModelLocation(file: file, line: 1, column: 1))

        for (offset, scalars) in Self.lines(of: text).enumerated() {
            let number = offset + 1
            let line = String(String.UnicodeScalarView(scalars))
            let trimmed = line.trimmingWhitespace()
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            if section == .constraints || Self.isConstraintLine(trimmed) {
                section = .constraints
                constraintSource.append(line: scalars, number: number, file: file)
                continue
            }
            if trimmed.hasPrefix("{") && trimmed.contains("}") {
                section = .subModels
                subModelLines.append((scalars, number))
                continue
            }
            guard section == .parameters else {
                throw ModelDiagnostic("a parameter line after the sub-models: parameters come first, then sub-models, then constraints",
                                      at: ModelLocation(file: file, line: number, column: Self.firstColumn(of: line)))
            }
            parameters.append(try parameter(from: line, number: number, file: file, defined: parameters))
        }
        guard !parameters.isEmpty else { throw ModelDiagnostic("the model has no parameters", at: ModelLocation(file: file, line: 1, column: 1)) }

        var model = CombinationModel(parameters: parameters, isCaseSensitive: options.isCaseSensitive)
        for (scalars, number) in subModelLines {
            if let subModel = try subModel(from: scalars, number: number, file: file, model: model) { model.subModels.append(subModel) }
        }
        var constraintParser = ConstraintParser(source: constraintSource, parameters: parameters, caseSensitive: options.isCaseSensitive)
        model.constraints = try constraintParser.parseAll()
        warnings += constraintParser.warnings
        // PICT's default strength; a caller with an /o of its own sets it afterwards.
        model.strength = model.defaultStrength
        try model.validate()
        return model
    }

    // MARK: - Lines

    /// The lines of `text` as PICT splits them: at `\n` and at NUL. A `\r` before the `\n` stays
    /// and is trimmed with the other white space. A leading byte order mark is dropped.
    static func lines(of text: String) -> [[Unicode.Scalar]] {
        var lines: [[Unicode.Scalar]] = [[]]
        for scalar in text.unicodeScalars {
            if scalar == "\n" || scalar == "\0" { lines.append([]) } else { lines[lines.count - 1].append(scalar) }
        }
        if lines[0].first == "\u{FEFF}" { lines[0].removeFirst() }
        return lines
    }

    /// PICT's test, on the upper-cased line: `IF` alone, or one of its wildcard patterns.
    static func isConstraintLine(_ trimmed: String) -> Bool {
        let upper = trimmed.uppercased()
        if upper == "IF" { return true }
        return ["IF*[*]*", "[*]*", "(*[*]*", "IF*ISNEGATIVE", "IF*ISNEGATIVE*(*", "IF*ISPOSITIVE", "IF*ISPOSITIVE*(*"]
            .contains { WildcardPattern.matches($0, upper) }
    }

    static func firstColumn(of line: String) -> Int {
        (line.firstIndex { !$0.isWhitespace }.map { line.distance(from: line.startIndex, to: $0) } ?? 0) + 1
    }

    /// How many bytes at the start of `bytes` are valid UTF-8: the offset of the first bad byte.
    static func validPrefixLength(_ bytes: [UInt8]) -> Int {
        var offset = 0
        while offset < bytes.count {
            let lead = bytes[offset]
            let length = lead < 0x80 ? 1 : lead >> 5 == 0b110 ? 2 : lead >> 4 == 0b1110 ? 3 : lead >> 3 == 0b11110 ? 4 : 0
            guard length > 0, offset + length <= bytes.count, String(validating: bytes[offset..<offset + length], as: UTF8.self) != nil else { return offset }
            offset += length
        }
        return offset
    }

    // MARK: - Parameters

    private mutating func parameter(from line: String, number: Int, file: String, defined: [Parameter]) throws(ModelDiagnostic) -> Parameter {
        let at = ModelLocation(file: file, line: number, column: Self.firstColumn(of: line))
        let split: String.Index
        let valuesStart: String.Index
        if let colon = line.firstIndex(of: ":") {
            split = colon
            valuesStart = line.index(after: colon)
        } else if let separator = line.firstIndex(of: options.valueSeparator) {
            // PICT's fallback for `G1,1,2,3`: the name ends at the first separator.
            split = separator
            valuesStart = line.index(after: separator)
        } else {
            throw ModelDiagnostic("parameter '\(line.trimmingWhitespace())' has no values: write 'Name: value1, value2'", at: at)
        }
        var name = line[..<split].trimmingWhitespace()
        // `Name @ 3:` gives a parameter an order of its own; PICT reads it and then combines the
        // parameter like the others, so the order is read and dropped here too.
        if let mark = name.firstIndex(of: "@"), PICTNumber.parse(name[name.index(after: mark)...].trimmingWhitespace()) != nil {
            name = name[..<mark].trimmingWhitespace()
        }
        if name.hasPrefix("$") {
            warnings.append(ModelDiagnostic("'\(name)' is a PICT result parameter; it is combined here like any other parameter", at: at))
        }
        if let earlier = defined.first(where: { options.isCaseSensitive ? $0.name == name : $0.name.uppercased() == name.uppercased() }) {
            throw ModelDiagnostic("a second parameter named '\(earlier.name)'" + (options.isCaseSensitive ? "" : " (names ignore case)"), at: at)
        }
        var pieces = line[valuesStart...].split(separator: options.valueSeparator, omittingEmptySubsequences: false).map { $0.trimmingWhitespace() }
        if options.valueSeparator.isWhitespace { pieces.removeAll(where: \.isEmpty) }
        var values: [ParameterValue] = []
        for piece in pieces {
            if piece.hasPrefix("<"), piece.hasSuffix(">"), piece.count > 2 {
                let reference = String(piece.dropFirst().dropLast())
                if let other = defined.first(where: { options.isCaseSensitive ? $0.name == reference : $0.name.uppercased() == reference.uppercased() }) {
                    values += other.values
                    continue
                }
            }
            values.append(value(from: piece))
        }
        if values.allSatisfy(\.isNegative) {
            throw ModelDiagnostic("parameter '\(name)' has only negative values; it needs at least one positive value", at: at)
        }
        return Parameter(name: name, values: values)
    }

    /// One value: `name | alias (weight)`, with the negative prefix on the first name.
    private func value(from piece: String) -> ParameterValue {
        var text = piece
        var weight = 1
        if text.hasSuffix(")"), let open = text.lastIndex(of: "(") {
            let inside = text[text.index(after: open)..<text.index(before: text.endIndex)].trimmingWhitespace()
            if let number = PICTNumber.parse(inside), number >= 1 {
                weight = number >= Double(Int32.max) ? Int(Int32.max) : Int(number)
                text = text[..<open].trimmingWhitespace()
            }
        }
        var names = text.split(separator: options.aliasSeparator, omittingEmptySubsequences: false).map { $0.trimmingWhitespace() }
        var negative = false
        if names[0].first == options.negativePrefix {
            negative = true
            names[0] = names[0].dropFirst().trimmingWhitespace()
        }
        return ParameterValue(names[0], aliases: Array(names.dropFirst()), isNegative: negative, weight: weight)
    }

    // MARK: - Sub-models

    private mutating func subModel(from scalars: [Unicode.Scalar], number: Int, file: String, model: CombinationModel) throws(ModelDiagnostic) -> SubModel? {
        let line = String(String.UnicodeScalarView(scalars))
        let open = line.firstIndex(of: "{")!, close = line.firstIndex(of: "}")!
        let at = { (index: String.Index) in ModelLocation(file: file, line: number, column: line.distance(from: line.startIndex, to: index) + 1) }
        guard open < close else { throw ModelDiagnostic("a sub-model is written { A, B } @ 2", at: at(open)) }
        let inside = line[line.index(after: open)..<close]
        func names(_ separator: Character) -> [String] {
            inside.split(separator: separator, omittingEmptySubsequences: false).map { $0.trimmingWhitespace() }.filter { !$0.isEmpty }
        }
        var written = names(",")
        if !written.allSatisfy({ model.parameterIndex(named: $0) != nil }), options.valueSeparator != "," {
            let other = names(options.valueSeparator)
            if other.allSatisfy({ model.parameterIndex(named: $0) != nil }) { written = other }
        }
        var indices: [Int] = []
        for name in written {
            guard let index = model.parameterIndex(named: name) else {
                let column = inside.firstRange(of: name).map { at($0.lowerBound) } ?? at(open)
                throw ModelDiagnostic("unknown parameter '\(name)' in a sub-model", at: column,
                                      suggestion: NearestName.find(name.trimmingWhitespace(), among: model.parameters.map(\.name)))
            }
            if indices.contains(index) {
                warnings.append(ModelDiagnostic("parameter '\(name)' is named twice in this sub-model", at: at(open)))
            } else {
                indices.append(index)
            }
        }
        guard !indices.isEmpty else { throw ModelDiagnostic("a sub-model needs at least one parameter", at: at(open)) }
        let rest = line[line.index(after: close)...].trimmingWhitespace()
        var strength: Int?
        if !rest.isEmpty {
            guard rest.hasPrefix("@"), let order = PICTNumber.parse(rest.dropFirst().trimmingWhitespace()), order >= 1, order < 1e9 else {
                throw ModelDiagnostic("after a sub-model's '}' comes '@' and its strength, a positive number", at: at(close))
            }
            guard Int(order) <= indices.count else {
                throw ModelDiagnostic("a sub-model of \(indices.count) parameters cannot have strength \(Int(order))", at: at(close))
            }
            strength = Int(order)
        }
        return SubModel(parameters: indices, strength: strength)
    }
}
