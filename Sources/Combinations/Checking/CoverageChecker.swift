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
                if consistent, search.isAllowed(assignment) {
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
        private let searched: [Int]
        private let constraintParameters: [[Int]]
        private var memo: [[Int]: Bool] = [:]

        init(model: CombinationModel, evaluator: ReferenceEvaluator, groups: [Group]) {
            self.model = model
            self.evaluator = evaluator
            self.groups = groups
            constraintParameters = model.constraints.map { constraint in
                Array(Set([constraint.condition, constraint.consequence, constraint.alternative].compactMap { $0 }
                    .flatMap { $0.parameters(parameterCount: model.parameters.count) }))
            }
            let constrained = Set(constraintParameters.joined())
            var owners = [Int](repeating: 0, count: model.parameters.count)
            for group in groups { for parameter in group.parameters { owners[parameter] += 1 } }
            searched = groups.indices.filter { index in
                let group = groups[index]
                return group.parameters.contains { constrained.contains($0) || owners[$0] > 1 }
                    || !group.values.contains { value in !zip(group.parameters, value).contains { model.parameters[$0].values[$1].isNegative } }
            }
        }

        mutating func isAllowed(_ assignment: [Int: Int]) -> Bool {
            var row = [Int](repeating: -1, count: model.parameters.count)
            for (parameter, value) in assignment { row[parameter] = value }
            // The groups nobody searches take a value with no negative that fits the assignment.
            let searchedSet = Set(searched)
            for (index, group) in groups.enumerated() where !searchedSet.contains(index) {
                let fitting = group.values.first { value in
                    zip(group.parameters, value).allSatisfy { row[$0] < 0 || row[$0] == $1 }
                        && !zip(group.parameters, value).contains { assignment[$0] == nil && model.parameters[$0].values[$1].isNegative }
                }
                guard let fitting else { return false }
                for (parameter, value) in zip(group.parameters, fitting) { row[parameter] = value }
            }
            let key = row
            if let known = memo[key] { return known }
            var working = row
            let answer = place(0, &working)
            memo[key] = answer
            return answer
        }

        private func place(_ position: Int, _ row: inout [Int]) -> Bool {
            let negatives = row.enumerated().filter { $0.element >= 0 && model.parameters[$0.offset].values[$0.element].isNegative }.count
            if negatives > 1 { return false }
            // Every constraint whose parameters are all set must hold.
            for (constraint, parameters) in zip(model.constraints, constraintParameters) where parameters.allSatisfy({ row[$0] >= 0 }) {
                if !holds(constraint, row) { return false }
            }
            guard position < searched.count else { return true }
            let group = groups[searched[position]]
            let before = row
            for value in group.values where zip(group.parameters, value).allSatisfy({ row[$0] < 0 || row[$0] == $1 }) {
                for (parameter, cell) in zip(group.parameters, value) { row[parameter] = cell }
                if place(position + 1, &row) { return true }
                row = before
            }
            return false
        }

        private func holds(_ constraint: Constraint, _ row: [Int]) -> Bool {
            guard let condition = constraint.condition else { return evaluator.holds(constraint.consequence, row) }
            if evaluator.holds(condition, row) { return evaluator.holds(constraint.consequence, row) }
            return constraint.alternative.map { evaluator.holds($0, row) } ?? true
        }
    }
}
