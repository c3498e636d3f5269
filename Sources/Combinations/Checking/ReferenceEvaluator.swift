/// Constraints evaluated the plain way, on value names, for ``CoverageChecker``: written apart
/// from the generator's compiled tables and search, so that a mistake there shows up here as a
/// disagreement instead of being confirmed by the same code.
struct ReferenceEvaluator {
    let model: CombinationModel
    /// Each value's name as the comparisons read it (upper-cased unless case-sensitive), by scalar.
    private let names: [[[UInt32]]]

    init(model: CombinationModel) {
        self.model = model
        names = model.parameters.map { parameter in
            parameter.values.map { Array((model.isCaseSensitive ? $0.name : $0.name.uppercased()).unicodeScalars.map(\.value)) }
        }
    }

    private func scalars(_ text: String) -> [UInt32] {
        Array((model.isCaseSensitive ? text : text.uppercased()).unicodeScalars.map(\.value))
    }

    /// Whether a complete row keeps `expression`.
    func holds(_ expression: ConstraintExpression, _ row: [Int]) -> Bool {
        switch expression {
        case .compare(let parameter, let comparison, let operand):
            let name = model.parameters[parameter].values[row[parameter]].name
            switch operand {
            case .number(let number):
                guard let mine = Double(name) else { return false }
                return compareNumbers(mine, number, comparison)
            case .string(let text):
                return compareStrings(names[parameter][row[parameter]], scalars(text), comparison)
            case .parameter(let other):
                let theirs = model.parameters[other].values[row[other]].name
                if comparison != .like, model.parameters[parameter].isNumeric, let a = Double(name), let b = Double(theirs) {
                    return compareNumbers(a, b, comparison)
                }
                return compareStrings(names[parameter][row[parameter]], names[other][row[other]], comparison)
            }
        case .isIn(let parameter, let set):
            return set.contains { holds(.compare(parameter, .equal, $0), row) }
        case .isNegative(let parameter?):
            return model.parameters[parameter].values[row[parameter]].isNegative
        case .isNegative(nil):
            return model.parameters.indices.contains { model.parameters[$0].values[row[$0]].isNegative }
        case .not(let inner):
            return !holds(inner, row)
        case .and(let left, let right):
            return holds(left, row) && holds(right, row)
        case .or(let left, let right):
            return holds(left, row) || holds(right, row)
        }
    }

    /// Whether a complete row keeps every constraint (IF c THEN a ELSE b read literally).
    func isValid(_ row: [Int]) -> Bool {
        let negatives = row.enumerated().filter { model.parameters[$0.offset].values[$0.element].isNegative }.count
        guard negatives <= 1 else { return false }
        return model.constraints.allSatisfy { constraint in
            guard let condition = constraint.condition else { return holds(constraint.consequence, row) }
            if holds(condition, row) { return holds(constraint.consequence, row) }
            return constraint.alternative.map { holds($0, row) } ?? true
        }
    }

    private func compareNumbers(_ a: Double, _ b: Double, _ comparison: ConstraintExpression.Comparison) -> Bool {
        switch comparison {
        case .equal: a == b
        case .notEqual: a != b
        case .less: a < b
        case .lessOrEqual: a <= b
        case .greater: a > b
        case .greaterOrEqual: a >= b
        case .like: false
        }
    }

    private func compareStrings(_ left: [UInt32], _ right: [UInt32], _ comparison: ConstraintExpression.Comparison) -> Bool {
        switch comparison {
        case .equal: return left == right
        case .notEqual: return left != right
        case .less: return left.lexicographicallyPrecedes(right)
        case .lessOrEqual: return !right.lexicographicallyPrecedes(left)
        case .greater: return right.lexicographicallyPrecedes(left)
        case .greaterOrEqual: return !left.lexicographicallyPrecedes(right)
        case .like: return Self.like(text: left[...], pattern: right[...])
        }
    }

    /// `*` any run, `?` one character, by plain recursion.
    static func like(text: ArraySlice<UInt32>, pattern: ArraySlice<UInt32>) -> Bool {
        guard let first = pattern.first else { return text.isEmpty }
        if first == UInt32(UInt8(ascii: "*")) {
            return (text.startIndex...text.endIndex).contains { like(text: text[$0...], pattern: pattern.dropFirst()) }
        }
        guard let character = text.first, first == UInt32(UInt8(ascii: "?")) || first == character else { return false }
        return like(text: text.dropFirst(), pattern: pattern.dropFirst())
    }
}
