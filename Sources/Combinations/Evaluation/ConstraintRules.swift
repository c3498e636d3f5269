/// A model's constraints compiled for rows of value indices, with an exact feasibility check for
/// partial rows: can the free cells be filled so that every constraint holds and the row has at
/// most one negative value?
///
/// Each relation becomes a table over value indices (`[OS] = "Win10"` is one flag per value of OS,
/// `[A] = [B]` one per pair), so a row is checked without looking at a string. Partial rows are
/// evaluated in three-valued logic (true, false, not yet known), and feasibility is a
/// backtracking search over the parameters the constraints read, one connected group of them at a
/// time (parameters that share no constraint are independent), with its answers cached. PICT
/// instead derives forbidden combinations up front, which is where its run time explodes on some
/// models (microsoft/pict#29, #59, #108); a search over a group is exact and, for the small groups
/// of real models, quick.
///
/// The rule "at most one negative value per row" couples every group: each group reports how
/// many negative values it needs beyond those already placed (0, 1, or more), and the row is
/// feasible when the total is at most one.
final class ConstraintRules: RowRules {
    let levels: [Int]
    private let negative: [[Bool]]
    let hasNegatives: Bool
    private let valueOrder: [[Int32]]

    private enum Kind: UInt8 { case constant, values, pair, not, and, or }
    private struct Node {
        var kind: Kind
        var a: Int32 = 0
        var b: Int32 = 0
        var offset: Int32 = 0
        var count: Int32 = 0
    }
    private var nodes: [Node] = []
    private var children: [Int32] = []
    private var tables: [Bool] = []
    private var roots: [Int] = []
    private var constraintsOfColumn: [[Int]]

    /// The connected groups of constrained columns, each in search order (most constrained first).
    private var components: [[Int]] = []
    private var componentOf: [Int]
    private var componentConstraints: [[Int]] = []
    /// Per group: the negative values a completion needs beyond those placed, for each partial
    /// assignment of the group (0, 1, or -1 when none exists with at most one).
    private var caches: [[[Int32]: Int8]] = []
    private var baseline: [Int8] = []
    private var baselineSum = 0
    /// Whether some complete row is valid at all.
    private(set) var isSatisfiable = true

    private var scratch: [Int32]
    private var stamp: [Int]
    private var stampValue = 0

    init(model: CombinationModel) {
        levels = model.parameters.map(\.values.count)
        negative = model.parameters.map { $0.values.map(\.isNegative) }
        hasNegatives = negative.contains { $0.contains(true) }
        // Search and fill heavier values first, then in the order written: a free choice
        // then lands on what the model prefers.
        valueOrder = model.parameters.map { parameter in
            parameter.values.indices.sorted { parameter.values[$0].weight != parameter.values[$1].weight ? parameter.values[$0].weight > parameter.values[$1].weight : $0 < $1 }.map(Int32.init)
        }
        constraintsOfColumn = Array(repeating: [], count: levels.count)
        componentOf = Array(repeating: -1, count: levels.count)
        scratch = Array(repeating: -1, count: levels.count)
        stamp = []

        let relation = ValueRelation(parameters: model.parameters, caseSensitive: model.isCaseSensitive)
        var columnsOfConstraint: [[Int]] = []
        for constraint in model.constraints {
            let root = compile(constraint.expression, relation)
            if nodes[root].kind == .constant && nodes[root].a == 1 { continue }   // always true: nothing to check
            roots.append(root)
            columnsOfConstraint.append(constraint.expression.parameters(parameterCount: levels.count).sorted())
        }
        stamp = Array(repeating: 0, count: roots.count)
        for (index, columns) in columnsOfConstraint.enumerated() {
            for column in columns { constraintsOfColumn[column].append(index) }
        }
        buildComponents(columnsOfConstraint)
        for component in components.indices {
            var key = [Int32](repeating: -1, count: components[component].count)
            let extra = neededNegatives(component, &key)
            baseline.append(extra)
            if extra < 0 { isSatisfiable = false }
            baselineSum += Int(max(0, extra))
        }
        if baselineSum > 1 { isSatisfiable = false }
    }

    var isUnconstrained: Bool { roots.isEmpty && !hasNegatives }

    func isRestricted(_ column: Int) -> Bool {
        componentOf[column] >= 0 || negative[column].contains(true)
    }

    func isNegative(_ column: Int, _ value: Int32) -> Bool { value >= 0 && negative[column][Int(value)] }

    // MARK: - Compiling

    private func compile(_ expression: ConstraintExpression, _ relation: ValueRelation) -> Int {
        func constant(_ value: Bool) -> Int {
            nodes.append(Node(kind: .constant, a: value ? 1 : 0))
            return nodes.count - 1
        }
        func values(_ column: Int, _ holds: (Int) -> Bool) -> Int {
            let flags = (0..<levels[column]).map(holds)
            if flags.allSatisfy({ $0 }) { return constant(true) }
            if !flags.contains(true) { return constant(false) }
            nodes.append(Node(kind: .values, a: Int32(column), offset: Int32(tables.count), count: Int32(flags.count)))
            tables += flags
            return nodes.count - 1
        }
        func combine(_ kind: Kind, _ parts: [ConstraintExpression]) -> Int {
            var compiled: [Int] = []
            for part in parts {
                let child = compile(part, relation)
                let node = nodes[child]
                if node.kind == .constant {
                    // AND with false is false, OR with true is true; the neutral constant drops out.
                    if (node.a == 1) == (kind == .or) { return constant(kind == .or) }
                    continue
                }
                compiled.append(child)
            }
            if compiled.isEmpty { return constant(kind == .and) }
            if compiled.count == 1 { return compiled[0] }
            nodes.append(Node(kind: kind, offset: Int32(children.count), count: Int32(compiled.count)))
            children += compiled.map(Int32.init)
            return nodes.count - 1
        }
        func flatten(_ expression: ConstraintExpression, _ kind: Kind) -> [ConstraintExpression] {
            switch (expression, kind) {
            case (.and(let left, let right), .and), (.or(let left, let right), .or): flatten(left, kind) + flatten(right, kind)
            default: [expression]
            }
        }
        switch expression {
        case .compare(let column, let comparison, .parameter(let other)):
            var flags: [Bool] = []
            for value in 0..<levels[column] {
                for otherValue in 0..<levels[other] { flags.append(relation.holds(column, value, comparison, other, otherValue)) }
            }
            if flags.allSatisfy({ $0 }) { return constant(true) }
            if !flags.contains(true) { return constant(false) }
            nodes.append(Node(kind: .pair, a: Int32(column), b: Int32(other), offset: Int32(tables.count)))
            tables += flags
            return nodes.count - 1
        case .compare(let column, let comparison, let operand):
            return values(column) { relation.holds(column, $0, comparison, operand) }
        case .isIn(let column, let set):
            return values(column) { relation.isMember(column, $0, of: set) }
        case .isNegative(let column?):
            return values(column) { self.negative[column][$0] }
        case .isNegative(nil):
            return combine(.or, levels.indices.filter { negative[$0].contains(true) }.map { ConstraintExpression.isNegative($0) })
        case .not(let inner):
            let child = compile(inner, relation)
            if nodes[child].kind == .constant { return constant(nodes[child].a == 0) }
            nodes.append(Node(kind: .not, a: Int32(child)))
            return nodes.count - 1
        case .and:
            return combine(.and, flatten(expression, .and))
        case .or:
            return combine(.or, flatten(expression, .or))
        }
    }

    private func buildComponents(_ columnsOfConstraint: [[Int]]) {
        var parent = Array(levels.indices)
        func find(_ x: Int) -> Int {
            var x = x
            while parent[x] != x { parent[x] = parent[parent[x]]; x = parent[x] }
            return x
        }
        for columns in columnsOfConstraint {
            for column in columns.dropFirst() { parent[find(column)] = find(columns[0]) }
        }
        var indexOfRoot: [Int: Int] = [:]
        for column in levels.indices where !constraintsOfColumn[column].isEmpty {
            let root = find(column)
            if let index = indexOfRoot[root] {
                components[index].append(column)
            } else {
                indexOfRoot[root] = components.count
                components.append([column])
            }
        }
        for index in components.indices {
            // Most constrained first, so that the search fails early; ties in column order.
            components[index].sort { constraintsOfColumn[$0].count != constraintsOfColumn[$1].count ? constraintsOfColumn[$0].count > constraintsOfColumn[$1].count : $0 < $1 }
            for column in components[index] { componentOf[column] = index }
            componentConstraints.append(Array(Set(components[index].flatMap { constraintsOfColumn[$0] })).sorted())
        }
        caches = Array(repeating: [:], count: components.count)
    }

    // MARK: - Evaluating

    /// 0 false, 1 true, 2 not known yet (a cell it reads is free).
    private func evaluate(_ index: Int, _ row: [Int32]) -> Int8 {
        let node = nodes[index]
        switch node.kind {
        case .constant:
            return Int8(node.a)
        case .values:
            let value = row[Int(node.a)]
            return value < 0 ? 2 : tables[Int(node.offset) + Int(value)] ? 1 : 0
        case .pair:
            let left = row[Int(node.a)], right = row[Int(node.b)]
            if left < 0 || right < 0 { return 2 }
            return tables[Int(node.offset) + Int(left) * levels[Int(node.b)] + Int(right)] ? 1 : 0
        case .not:
            let inner = evaluate(Int(node.a), row)
            return inner == 2 ? 2 : 1 - inner
        case .and, .or:
            let decisive: Int8 = node.kind == .and ? 0 : 1
            var result: Int8 = 1 - decisive
            for child in children[Int(node.offset)..<Int(node.offset + node.count)] {
                let value = evaluate(Int(child), row)
                if value == decisive { return decisive }
                if value == 2 { result = 2 }
            }
            return result
        }
    }

    func isValid(_ row: [Int32], changed: [Int]) -> Bool {
        if hasNegatives {
            var count = 0
            for column in row.indices where isNegative(column, row[column]) { count += 1 }
            if count > 1 { return false }
        }
        stampValue += 1
        for column in changed {
            for constraint in constraintsOfColumn[column] where stamp[constraint] != stampValue {
                stamp[constraint] = stampValue
                if evaluate(roots[constraint], row) != 1 { return false }
            }
        }
        return true
    }

    /// Whether every constraint holds for a complete row, and it has at most one negative value.
    func isValid(_ row: [Int32]) -> Bool {
        isValid(row, changed: Array(levels.indices))
    }

    // MARK: - Feasibility

    func canComplete(_ partial: [Int32]) -> Bool {
        guard isSatisfiable else { return false }
        var negatives = 0
        if hasNegatives {
            for column in partial.indices where isNegative(column, partial[column]) { negatives += 1 }
            if negatives > 1 { return false }
        }
        var total = negatives + baselineSum
        for component in components.indices {
            var key = components[component].map { partial[$0] }
            guard key.contains(where: { $0 >= 0 }) else { continue }
            let extra = neededNegatives(component, &key)
            if extra < 0 { return false }
            total += Int(extra) - Int(baseline[component])
        }
        return total <= 1 || !hasNegatives
    }

    /// The negative values that a valid completion of `key` (the group's cells, -1 for free) must
    /// add: 0, 1, or -1 when no completion with at most one exists.
    private func neededNegatives(_ component: Int, _ key: inout [Int32]) -> Int8 {
        if let known = caches[component][key] { return known }
        var placed = 0
        for (column, value) in zip(components[component], key) where isNegative(column, value) { placed += 1 }
        var answer: Int8 = -1
        if placed <= 1 {
            if search(component, key, allowedNegatives: placed, hint: nil) {
                answer = 0
            } else if hasNegatives, placed == 0, search(component, key, allowedNegatives: 1, hint: nil) {
                answer = 1
            }
            clear(component)
        }
        if caches[component].count > 200_000 { caches[component].removeAll(keepingCapacity: true) }
        caches[component][key] = answer
        return answer
    }

    private func clear(_ component: Int) {
        for column in components[component] { scratch[column] = -1 }
    }

    /// Fills the group's free cells in `scratch` so that its constraints hold, with at most
    /// `allowedNegatives` negative values in the group; the values of `hint` are tried first.
    private func search(_ component: Int, _ key: [Int32], allowedNegatives: Int, hint: [Int32]?) -> Bool {
        let order = components[component]
        var negatives = 0
        for (column, value) in zip(order, key) {
            scratch[column] = value
            if isNegative(column, value) { negatives += 1 }
        }
        for constraint in componentConstraints[component] where evaluate(roots[constraint], scratch) == 0 { return false }
        func place(_ position: Int) -> Bool {
            var position = position
            while position < order.count, scratch[order[position]] >= 0 { position += 1 }
            guard position < order.count else { return true }
            let column = order[position]
            var candidates = valueOrder[column]
            if let hint, hint[column] >= 0, let at = candidates.firstIndex(of: hint[column]) {
                candidates.remove(at: at)
                candidates.insert(hint[column], at: 0)
            }
            for value in candidates {
                let isNegative = negative[column][Int(value)]
                if isNegative && negatives >= allowedNegatives { continue }
                scratch[column] = value
                if isNegative { negatives += 1 }
                if constraintsOfColumn[column].allSatisfy({ evaluate(roots[$0], scratch) != 0 }), place(position + 1) { return true }
                if isNegative { negatives -= 1 }
                scratch[column] = -1
            }
            return false
        }
        return place(0)
    }

    /// A valid row with the assigned cells of `partial` and the free ones filled, preferring the
    /// values of `hint`, or `nil` when there is none.
    func complete(_ partial: [Int32], hint: [Int32]) -> [Int32]? {
        guard canComplete(partial) else { return nil }
        var row = partial
        var negatives = 0
        if hasNegatives { for column in row.indices where isNegative(column, row[column]) { negatives += 1 } }
        // Each group first takes the negative values it cannot do without; free columns outside
        // every group may then take a negative value only when none has been placed.
        var needs: [Int8] = []
        for component in components.indices {
            var key = components[component].map { row[$0] }
            needs.append(neededNegatives(component, &key))
            negatives += Int(needs[component])
        }
        for component in components.indices {
            let key = components[component].map { row[$0] }
            let placed = zip(components[component], key).filter { isNegative($0.0, $0.1) }.count
            guard search(component, key, allowedNegatives: placed + Int(needs[component]), hint: hint) else {
                clear(component)
                return nil
            }
            for column in components[component] { row[column] = scratch[column] }
            clear(component)
        }
        for column in row.indices where row[column] < 0 {
            let wanted = hint[column]
            if wanted >= 0, !isNegative(column, wanted) || negatives == 0 {
                row[column] = wanted
            } else {
                row[column] = valueOrder[column].first { !negative[column][Int($0)] }!
            }
            if isNegative(column, row[column]) { negatives += 1 }
        }
        return row
    }

    /// A completion of a partial row (the others' cells free) after freeing the assigned cells
    /// that share a group with the `fixed` ones: how a sub-model's row is repaired, since a
    /// partial row breaks no constraint outright and so cannot say which group to free.
    func repairedPartial(_ partial: [Int32], keeping fixed: [Int]) -> [Int32]? {
        var freed = partial
        for component in Set(fixed.compactMap { componentOf[$0] >= 0 ? componentOf[$0] : nil }).sorted() {
            for column in components[component] where !fixed.contains(column) { freed[column] = -1 }
        }
        if hasNegatives {
            let negatives = partial.indices.filter { isNegative($0, partial[$0]) }
            if negatives.count > 1 { for column in negatives where !fixed.contains(column) { freed[column] = -1 } }
        }
        var hint = partial
        for column in hint.indices where freed[column] < 0 && isNegative(column, hint[column]) { hint[column] = -1 }
        return complete(freed, hint: hint)
    }

    func repaired(_ row: [Int32], keeping fixed: [Int]) -> [Int32]? {
        var partial = row
        // Free the groups of the fixed cells whose constraints the row breaks, and any negative
        // value beyond the first, except in the fixed cells.
        var freed = false
        var touched = Set<Int>()
        for column in fixed where componentOf[column] >= 0 { touched.insert(componentOf[column]) }
        for component in touched.sorted() where componentConstraints[component].contains(where: { evaluate(roots[$0], row) == 0 }) {
            for column in components[component] where !fixed.contains(column) { partial[column] = -1 }
            freed = true
        }
        if hasNegatives {
            let negatives = row.indices.filter { isNegative($0, row[$0]) }
            if negatives.count > 1 {
                for column in negatives where !fixed.contains(column) { partial[column] = -1 }
                freed = true
            }
        }
        guard freed else { return nil }
        var hint = row
        for column in hint.indices where partial[column] < 0 && isNegative(column, hint[column]) { hint[column] = -1 }
        return complete(partial, hint: hint)
    }
}
