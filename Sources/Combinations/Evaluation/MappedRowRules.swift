/// The rules of a model seen through columns that each stand for some of its parameters: a
/// sub-model's own parameters while the sub-model is generated (the others left free), or, in
/// the root of a model with sub-models, one column per sub-model whose values are its rows.
///
/// A row of columns becomes a partial row of parameters, which the model's ``ConstraintRules``
/// judge; two columns that give one parameter different values (a parameter in two sub-models)
/// make the row invalid. A column that stands for a group can only take the group's rows, not
/// any assignment of its parameters, so a partial row is completable only when some row of each
/// free group fits: that is a search over the free groups' rows, pruned by the model's rules and
/// cached.
final class MappedRowRules: RowRules {
    private let base: ConstraintRules
    /// `cells[column][value]`: the parameters and values that value of the column stands for.
    private let cells: [[[(parameter: Int, value: Int32)]]]
    private let restricted: [Bool]
    /// Columns whose values are rows of a group rather than every value of one parameter.
    private let grouped: [Bool]
    private let overlapping: Bool
    private var cache: [[Int32]: Bool] = [:]

    init(base: ConstraintRules, cells: [[[(parameter: Int, value: Int32)]]]) {
        self.base = base
        self.cells = cells
        var owners = [Int](repeating: 0, count: base.levels.count)
        for column in cells {
            for parameter in Set(column.flatMap { $0.map(\.parameter) }) { owners[parameter] += 1 }
        }
        overlapping = owners.contains { $0 > 1 }
        restricted = cells.map { column in
            let parameters = Set(column.flatMap { $0.map(\.parameter) })
            return parameters.contains { base.isRestricted($0) || owners[$0] > 1 }
        }
        grouped = cells.map { column in
            guard let parameter = column.first?.first?.parameter else { return false }
            return !(column.allSatisfy { $0.count == 1 && $0[0].parameter == parameter } && column.count == base.levels[parameter])
        }
    }

    var isUnconstrained: Bool { base.isUnconstrained && !overlapping }

    func isRestricted(_ column: Int) -> Bool { restricted[column] }

    /// The parameters' partial row, or `nil` when two columns disagree on a parameter.
    private func parameters(of row: [Int32]) -> [Int32]? {
        var partial = [Int32](repeating: -1, count: base.levels.count)
        for (column, value) in row.enumerated() where value >= 0 {
            for cell in cells[column][Int(value)] {
                if partial[cell.parameter] >= 0 && partial[cell.parameter] != cell.value { return nil }
                partial[cell.parameter] = cell.value
            }
        }
        return partial
    }

    func canComplete(_ partial: [Int32]) -> Bool {
        guard let mapped = parameters(of: partial), base.canComplete(mapped) else { return false }
        let open = partial.indices.filter { partial[$0] < 0 && grouped[$0] && restricted[$0] }
        if open.isEmpty { return true }
        let key = partial.indices.map { restricted[$0] ? partial[$0] : -1 }
        if let known = cache[key] { return known }
        // Each free group's rows that fit on their own; a group with none decides at once, and
        // the search then takes the groups with the fewest fitting rows first.
        var fitting: [[Int]] = []
        for column in open {
            let rows = cells[column].indices.filter { merged(mapped, cells[column][$0]).map(base.canComplete) ?? false }
            if rows.isEmpty {
                remember(key, false)
                return false
            }
            fitting.append(rows)
        }
        let order = open.indices.sorted { fitting[$0].count != fitting[$1].count ? fitting[$0].count < fitting[$1].count : $0 < $1 }
        func fill(_ position: Int, _ mapped: [Int32]) -> Bool {
            guard position < order.count else { return true }
            let column = open[order[position]]
            for value in fitting[order[position]] {
                if let next = merged(mapped, cells[column][value]), base.canComplete(next), fill(position + 1, next) { return true }
            }
            return false
        }
        let answer = fill(0, mapped)
        remember(key, answer)
        return answer
    }

    private func merged(_ mapped: [Int32], _ value: [(parameter: Int, value: Int32)]) -> [Int32]? {
        var next = mapped
        for cell in value {
            if next[cell.parameter] >= 0 && next[cell.parameter] != cell.value { return nil }
            next[cell.parameter] = cell.value
        }
        return next
    }

    private func remember(_ key: [Int32], _ answer: Bool) {
        if cache.count > 200_000 { cache.removeAll(keepingCapacity: true) }
        cache[key] = answer
    }

    func isValid(_ row: [Int32], changed: [Int]) -> Bool {
        guard let mapped = parameters(of: row) else { return false }
        // A sub-model's row leaves the other parameters free: it is valid when it can be completed.
        if mapped.contains(-1) { return base.canComplete(mapped) }
        return base.isValid(mapped, changed: changed.flatMap { cells[$0][Int(row[$0])].map(\.parameter) })
    }

    /// Repairs a row of a sub-model (each column one parameter): its cells in the groups of the
    /// fixed ones are refilled by the model's rules. Rows of groups are not repaired: a move
    /// there that breaks a constraint is skipped.
    func repaired(_ row: [Int32], keeping fixed: [Int]) -> [Int32]? {
        guard !grouped.contains(true), let mapped = parameters(of: row) else { return nil }
        let parameterOf = cells.map { $0[0][0].parameter }
        guard let completed = base.repairedPartial(mapped, keeping: fixed.map { parameterOf[$0] }) else { return nil }
        return parameterOf.map { completed[$0] }
    }
}
