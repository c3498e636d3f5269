/// Checks rows against a model independently of the generator: every allowed t-tuple covered,
/// no row breaking a constraint or holding two negative values.
///
/// Use it in tests, and wherever rows come from elsewhere (a hand-edited matrix, another tool's
/// output). It enumerates the tuples itself and decides which are allowed by its own search for
/// a valid row holding each, on value names, never with the generator's tables.
///
/// With sub-models it checks PICT's guarantee, and one thing more:
/// - each sub-model's combinations at its strength;
/// - the root's combinations of groups at the model's strength, where a group is a sub-model
///   (its values are the rows it has in the output) or a parameter outside them (all its
///   values), each combination required when some valid row built from the groups' values holds it;
/// - every value some valid row holds appears (PICT can lose one; see `SubModelDomains`).
///
/// ```swift
/// let report = CoverageChecker.check(array)
/// #expect(report.isComplete, "\(report)")
/// ```
public enum CoverageChecker {
    /// What the check found.
    public struct Report: Sendable, Hashable, CustomStringConvertible {
        /// Allowed tuples no row covers, as (parameter, value index) pairs; at most 20 are kept.
        public var missing: [[Pair]] = []
        public var missingCount = 0
        /// Rows that break a constraint or hold two negative values.
        public var invalidRows: [Int] = []
        /// How many allowed tuples were checked.
        public var allowedTuples = 0

        public struct Pair: Sendable, Hashable {
            public var parameter: Int
            public var value: Int
        }

        public var isComplete: Bool { missingCount == 0 && invalidRows.isEmpty }

        public var description: String {
            "\(allowedTuples) allowed tuples, \(missingCount) missing \(missing.prefix(5).map { $0.map { "\($0.parameter)=\($0.value)" } }), invalid rows \(invalidRows.prefix(10))"
        }
    }

    /// A set of parameters and the assignments to them that count as its values.
    struct Group {
        var parameters: [Int]
        var values: [[Int]]
    }

    public static func check(_ array: CoveringArray) -> Report {
        check(rows: array.rows, model: array.model)
    }

    public static func check(rows: [[Int]], model: CombinationModel) -> Report {
        var report = Report()
        let evaluator = ReferenceEvaluator(model: model)
        report.invalidRows = rows.indices.filter { !evaluator.isValid(rows[$0]) }
        let singles = model.parameters.indices.map { Group(parameters: [$0], values: (0..<model.parameters[$0].values.count).map { [$0] }) }
        var flat = GroupSearch(model: model, evaluator: evaluator, groups: singles)
        guard !model.subModels.isEmpty else {
            cover(singles, strength: model.strength, rows: rows, search: &flat, report: &report)
            return report
        }
        var groups: [Group] = []
        var inSubModel = Set<Int>()
        for subModel in model.subModels {
            let parameters = subModel.parameters
            inSubModel.formUnion(parameters)
            cover(parameters.map { singles[$0] }, strength: min(subModel.strength ?? model.strength, parameters.count), rows: rows, search: &flat, report: &report)
            var seen = Set<[Int]>(), values: [[Int]] = []
            for row in rows {
                let projection = parameters.map { row[$0] }
                if seen.insert(projection).inserted { values.append(projection) }
            }
            groups.append(Group(parameters: parameters, values: values))
        }
        groups += model.parameters.indices.filter { !inSubModel.contains($0) }.map { singles[$0] }
        var rooted = GroupSearch(model: model, evaluator: evaluator, groups: groups)
        cover(groups, strength: min(model.strength, groups.count), rows: rows, search: &rooted, report: &report)
        cover(singles, strength: 1, rows: rows, search: &flat, report: &report)
        return report
    }

    /// Every allowed combination of values of `strength` of the groups appears in a row.
    private static func cover(_ groups: [Group], strength: Int, rows: [[Int]], search: inout GroupSearch, report: inout Report) {
        guard strength >= 1, strength <= groups.count else { return }
        let invalid = Set(report.invalidRows)
        let valid = rows.indices.map { !invalid.contains($0) }
        var chosen = Array(0..<strength)
        while true {
            var choice = [Int](repeating: 0, count: strength)
            combinations: while true {
                var assignment: [Int: Int] = [:]
                var consistent = true
                for (slot, group) in chosen.enumerated() {
                    for (parameter, value) in zip(groups[group].parameters, groups[group].values[choice[slot]]) {
                        if let earlier = assignment[parameter], earlier != value { consistent = false }
                        assignment[parameter] = value
                    }
                }
                // A valid row holding the tuple proves it allowed and covers it; only the others need the search.
                if consistent, !rows.indices.contains(where: { index in valid[index] && assignment.allSatisfy { rows[index][$0.key] == $0.value } }) ? search.isAllowed(assignment) : true {
                    report.allowedTuples += 1
                    if !rows.contains(where: { row in assignment.allSatisfy { row[$0.key] == $0.value } }) {
                        report.missingCount += 1
                        if report.missing.count < 20 {
                            report.missing.append(assignment.sorted { $0.key < $1.key }.map { Report.Pair(parameter: $0.key, value: $0.value) })
                        }
                    }
                }
                var slot = strength - 1
                while slot >= 0 {
                    choice[slot] += 1
                    if choice[slot] < groups[chosen[slot]].values.count { continue combinations }
                    choice[slot] = 0
                    slot -= 1
                }
                break
            }
            var index = strength - 1
            while index >= 0 && chosen[index] == groups.count - strength + index { index -= 1 }
            if index < 0 { return }
            chosen[index] += 1
            for next in (index + 1)..<strength { chosen[next] = chosen[next - 1] + 1 }
        }
    }

    /// Whether some valid row extends a partial assignment, each group taking one of its values:
    /// a depth-first search over the groups that matter (those holding a constrained or a shared
    /// parameter, or only values with a negative), checking each constraint once all its
    /// parameters are set. Every other group takes a value without a negative one.
    struct GroupSearch {
        let model: CombinationModel
        let evaluator: ReferenceEvaluator
        let groups: [Group]
        private let constraintParameters: [[Int]]
        private let isSearched: [Bool]
        private let inSearchedGroup: [Bool]
        /// Searched groups that share a parameter or a constraint with each searched group.
        private let neighbors: [[Int]]
        private let components: [Component]
        /// Constraints that name no parameter, which no component checks.
        private let constantConstraints: [Int]
        private var memo: [[Int]: Int?] = [:]

        /// Searched groups linked by shared parameters or constraints, with their parameters
        /// and the constraints on them.
        struct Component {
            var groups: [Int]
            var parameters: [Int]
            var constraints: [Int]
        }

        init(model: CombinationModel, evaluator: ReferenceEvaluator, groups: [Group]) {
            self.model = model
            self.evaluator = evaluator
            self.groups = groups
            let constraintParameters = model.constraints.map { constraint in
                Array(Set([constraint.condition, constraint.consequence, constraint.alternative].compactMap { $0 }
                    .flatMap { $0.parameters(parameterCount: model.parameters.count) }))
            }
            self.constraintParameters = constraintParameters
            let constrained = Set(constraintParameters.joined())
            var owners = [Int](repeating: 0, count: model.parameters.count)
            for group in groups { for parameter in group.parameters { owners[parameter] += 1 } }
            let searched = groups.indices.filter { index in
                let group = groups[index]
                return group.parameters.contains { constrained.contains($0) || owners[$0] > 1 }
                    || !group.values.contains { value in !zip(group.parameters, value).contains { model.parameters[$0].values[$1].isNegative } }
            }
            var isSearched = [Bool](repeating: false, count: groups.count)
            var inSearchedGroup = [Bool](repeating: false, count: model.parameters.count)
            var holders = [[Int]](repeating: [], count: model.parameters.count)
            for index in searched {
                isSearched[index] = true
                for parameter in groups[index].parameters {
                    inSearchedGroup[parameter] = true
                    holders[parameter].append(index)
                }
            }
            var linked = [Set<Int>](repeating: [], count: groups.count)
            func link(_ members: [Int]) {
                for member in members { linked[member].formUnion(members) }
            }
            for parameter in holders.indices { link(holders[parameter]) }
            for parameters in constraintParameters { link(Array(Set(parameters.flatMap { holders[$0] }))) }
            var neighbors = [[Int]](repeating: [], count: groups.count)
            for index in searched { neighbors[index] = linked[index].subtracting([index]).sorted() }
            var components: [Component] = []
            var seen = Set<Int>()
            for index in searched where !seen.contains(index) {
                var members: [Int] = [], stack = [index]
                seen.insert(index)
                while let next = stack.popLast() {
                    members.append(next)
                    for other in neighbors[next] where seen.insert(other).inserted { stack.append(other) }
                }
                members.sort()
                let parameters = Set(members.flatMap { groups[$0].parameters })
                let constraints = constraintParameters.indices.filter { constraint in
                    constraintParameters[constraint].contains { parameters.contains($0) }
                }
                components.append(Component(groups: members, parameters: parameters.sorted(), constraints: constraints))
            }
            self.isSearched = isSearched
            self.inSearchedGroup = inSearchedGroup
            self.neighbors = neighbors
            self.components = components
            constantConstraints = constraintParameters.indices.filter { constraintParameters[$0].isEmpty }
        }

        mutating func isAllowed(_ assignment: [Int: Int]) -> Bool {
            var row = [Int](repeating: -1, count: model.parameters.count)
            for (parameter, value) in assignment { row[parameter] = value }
            // The groups nobody searches take a value with no negative that fits the assignment.
            for (index, group) in groups.enumerated() where !isSearched[index] {
                let fitting = group.values.first { value in
                    zip(group.parameters, value).allSatisfy { row[$0] < 0 || row[$0] == $1 }
                        && !zip(group.parameters, value).contains { assignment[$0] == nil && model.parameters[$0].values[$1].isNegative }
                }
                guard let fitting else { return false }
                for (parameter, value) in zip(group.parameters, fitting) { row[parameter] = value }
            }
            for constraint in constantConstraints where !holds(model.constraints[constraint], row) { return false }
            var negatives = row.indices.filter { !inSearchedGroup[$0] && row[$0] >= 0 && model.parameters[$0].values[row[$0]].isNegative }.count
            if negatives > 1 { return false }
            // Components share no parameter and no constraint, so each completes on its own; only
            // the one-negative-per-row rule adds up their fewest negatives.
            for (index, component) in components.enumerated() {
                let key = [index] + component.parameters.map { row[$0] }
                let fewest: Int?
                if let known = memo[key] { fewest = known } else {
                    fewest = fewestNegatives(component, row)
                    memo[key] = fewest
                }
                guard let fewest else { return false }
                negatives += fewest
                if negatives > 1 { return false }
            }
            return true
        }

        /// The fewest negative values (0 or 1) in a valid completion of the component, or nil.
        /// Its groups go in breadth-first order from the parameters already set, so a chain of
        /// rules from them closes early, and each constraint is checked once its last parameter is set.
        private func fewestNegatives(_ component: Component, _ start: [Int]) -> Int? {
            var order: [Int] = []
            var placed = Set<Int>()
            var queue = component.groups.filter { groups[$0].parameters.contains { start[$0] >= 0 } }
            if queue.isEmpty, let first = component.groups.first { queue = [first] }
            var head = 0
            while order.count < component.groups.count {
                if head == queue.count { queue.append(component.groups.first { !placed.contains($0) }!) }
                let next = queue[head]
                head += 1
                guard placed.insert(next).inserted else { continue }
                order.append(next)
                queue += neighbors[next].filter { !placed.contains($0) }
            }
            // ready[k]: the constraints whose parameters are all set once the first k groups are.
            var setAt = [Int](repeating: -1, count: model.parameters.count)
            for parameter in component.parameters where start[parameter] >= 0 { setAt[parameter] = 0 }
            for (position, group) in order.enumerated() {
                for parameter in groups[group].parameters where setAt[parameter] < 0 { setAt[parameter] = position + 1 }
            }
            var ready = [[Int]](repeating: [], count: order.count + 1)
            for constraint in component.constraints {
                ready[constraintParameters[constraint].map { setAt[$0] }.max() ?? 0].append(constraint)
            }
            var row = start
            var best: Int?
            func negativeCount() -> Int {
                component.parameters.filter { row[$0] >= 0 && model.parameters[$0].values[row[$0]].isNegative }.count
            }
            func place(_ position: Int) {
                if best == 0 { return }
                for constraint in ready[position] where !holds(model.constraints[constraint], row) { return }
                let negatives = negativeCount()
                if negatives > 1 || negatives >= (best ?? 2) { return }
                guard position < order.count else { best = negatives; return }
                let group = groups[order[position]]
                let before = row
                for value in group.values where zip(group.parameters, value).allSatisfy({ row[$0] < 0 || row[$0] == $1 }) {
                    for (parameter, cell) in zip(group.parameters, value) { row[parameter] = cell }
                    place(position + 1)
                    row = before
                    if best == 0 { return }
                }
            }
            place(0)
            return best
        }

        private func holds(_ constraint: Constraint, _ row: [Int]) -> Bool {
            guard let condition = constraint.condition else { return evaluator.holds(constraint.consequence, row) }
            if evaluator.holds(condition, row) { return evaluator.holds(constraint.consequence, row) }
            return constraint.alternative.map { evaluator.holds($0, row) } ?? true
        }
    }
}
