/// What to combine: parameters and their values, sub-models, constraints, the strength, and seed
/// rows. The input of ``CombinationGenerator``.
///
/// Use it to describe a test space, in code or read from a PICT model file with ``ModelParser``.
/// Every combination of `strength` parameters' values that the constraints allow appears in at
/// least one generated row (strength 2 is "pairwise"; the number of parameters is exhaustive).
///
/// ```swift
/// var model = CombinationModel(parameters: [
///     Parameter(name: "OS", values: ["Win10", "Win11", "macOS"]),
///     Parameter(name: "Browser", values: ["Firefox", "Edge", "Safari"]),
/// ])
/// model.constraints = [Constraint(if: .compare(1, .equal, .string("Safari")), then: .compare(0, .equal, .string("macOS")))]
/// let rows = try CombinationGenerator().generate(model).rows
/// ```
public struct CombinationModel: Sendable, Hashable {
    public var parameters: [Parameter]
    public var subModels: [SubModel]
    public var constraints: [Constraint]
    /// How many parameters each covered combination spans (PICT's `/o`); 2 by default, from 1 up
    /// to the number of parameters.
    public var strength: Int
    public var seeds: [SeedRow]
    /// Whether names and string values compare case-sensitively (PICT's `/c`); PICT ignores case
    /// by default.
    public var isCaseSensitive: Bool

    public init(parameters: [Parameter], subModels: [SubModel] = [], constraints: [Constraint] = [],
                strength: Int = 2, seeds: [SeedRow] = [], isCaseSensitive: Bool = false) {
        self.parameters = parameters
        self.subModels = subModels
        self.constraints = constraints
        self.strength = strength
        self.seeds = seeds
        self.isCaseSensitive = isCaseSensitive
    }

    /// The index of the parameter with this name, compared as the model compares names.
    public func parameterIndex(named name: String) -> Int? {
        parameters.firstIndex { sameName($0.name, name) }
    }

    func sameName(_ a: String, _ b: String) -> Bool {
        isCaseSensitive ? a == b : a.uppercased() == b.uppercased()
    }

    /// PICT's strength when none is asked for: 2, or less when the root combines fewer groups
    /// (parameters, or with sub-models, the sub-models and the parameters outside them). A
    /// sub-model without `@ N` then takes this strength too, so a model that is one sub-model
    /// without an order is combined value by value, as PICT does.
    public var defaultStrength: Int {
        let grouped = Set(subModels.flatMap(\.parameters))
        let groups = subModels.isEmpty ? parameters.count : subModels.count + parameters.indices.filter { !grouped.contains($0) }.count
        return max(1, min(2, groups))
    }

    /// Whether any value of any parameter is negative.
    public var hasNegativeValues: Bool { parameters.contains { $0.values.contains(where: \.isNegative) } }

    /// Throws the first thing that makes the model unusable: no parameters, a parameter without
    /// values or with only negative ones, two parameters of one name, a strength out of range,
    /// a sub-model, constraint or seed that names what the model lacks, a comparison of a
    /// numeric parameter with a string or the other way round.
    public func validate() throws(ModelDiagnostic) {
        guard !parameters.isEmpty else { throw ModelDiagnostic("the model has no parameters") }
        for (index, parameter) in parameters.enumerated() {
            guard !parameter.values.isEmpty else { throw ModelDiagnostic("parameter '\(parameter.name)' has no values") }
            if parameter.values.allSatisfy(\.isNegative) {
                throw ModelDiagnostic("parameter '\(parameter.name)' has only negative values; it needs at least one positive value")
            }
            if let earlier = parameters[..<index].first(where: { sameName($0.name, parameter.name) }) {
                throw ModelDiagnostic("two parameters are named '\(earlier.name)'" + (isCaseSensitive ? "" : " (names ignore case)"))
            }
        }
        guard strength >= 1 else { throw ModelDiagnostic("the strength must be at least 1, not \(strength)") }
        guard strength <= parameters.count else {
            throw ModelDiagnostic("the strength \(strength) is more than the number of parameters (\(parameters.count))")
        }
        for subModel in subModels {
            guard !subModel.parameters.isEmpty else { throw ModelDiagnostic("a sub-model has no parameters") }
            guard subModel.parameters.allSatisfy(parameters.indices.contains) else { throw ModelDiagnostic("a sub-model names a parameter the model lacks") }
            guard Set(subModel.parameters).count == subModel.parameters.count else { throw ModelDiagnostic("a sub-model names a parameter twice") }
            if let order = subModel.strength, !(1...subModel.parameters.count).contains(order) {
                throw ModelDiagnostic("a sub-model of \(subModel.parameters.count) parameters cannot have strength \(order)")
            }
        }
        for constraint in constraints {
            for expression in [constraint.condition, constraint.consequence, constraint.alternative].compactMap({ $0 }) {
                try check(expression, at: constraint.location)
            }
        }
        for seed in seeds {
            guard seed.values.count == parameters.count else {
                throw ModelDiagnostic("a seed row has \(seed.values.count) values for \(parameters.count) parameters")
            }
            for (parameter, value) in zip(parameters, seed.values) where value.map({ !parameter.values.indices.contains($0) }) ?? false {
                throw ModelDiagnostic("a seed row names a value parameter '\(parameter.name)' lacks")
            }
        }
    }

    private func check(_ expression: ConstraintExpression, at location: ModelLocation?) throws(ModelDiagnostic) {
        func parameter(_ index: Int) throws(ModelDiagnostic) -> Parameter {
            guard parameters.indices.contains(index) else { throw ModelDiagnostic("a constraint names parameter \(index), which the model lacks", at: location) }
            return parameters[index]
        }
        func checkOperand(_ operand: ConstraintExpression.Operand, against subject: Parameter, like: Bool) throws(ModelDiagnostic) {
            switch operand {
            case .number where like:
                throw ModelDiagnostic("LIKE takes a quoted pattern, not a number", at: location)
            case .number where !subject.isNumeric:
                throw ModelDiagnostic("parameter '\(subject.name)' has string values; compare it with a quoted string", at: location)
            case .string where like && subject.isNumeric:
                throw ModelDiagnostic("LIKE works on string parameters, and '\(subject.name)' is numeric", at: location)
            case .string where !like && subject.isNumeric:
                throw ModelDiagnostic("parameter '\(subject.name)' is numeric; compare it with a number, without quotes", at: location)
            case .parameter(let index):
                let other = try parameter(index)
                guard other.isNumeric == subject.isNumeric else {
                    throw ModelDiagnostic("'\(subject.name)' and '\(other.name)' cannot be compared: one is numeric and the other is not", at: location)
                }
                if like && subject.isNumeric { throw ModelDiagnostic("LIKE works on string parameters, and '\(subject.name)' is numeric", at: location) }
            default: break
            }
        }
        switch expression {
        case .compare(let index, let comparison, let operand):
            let subject = try parameter(index)
            if case .parameter(let other) = operand, other == index { throw ModelDiagnostic("parameter '\(subject.name)' is compared with itself", at: location) }
            try checkOperand(operand, against: subject, like: comparison == .like)
        case .isIn(let index, let set):
            let subject = try parameter(index)
            for element in set {
                if case .parameter = element { throw ModelDiagnostic("a set after IN holds values, not parameters", at: location) }
                try checkOperand(element, against: subject, like: false)
            }
        case .isNegative(let index):
            if let index { _ = try parameter(index) }
        case .not(let inner): try check(inner, at: location)
        case .and(let left, let right), .or(let left, let right):
            try check(left, at: location)
            try check(right, at: location)
        }
    }
}
