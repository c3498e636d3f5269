/// Adds rows to sub-models where their generated rows would keep the root from building
/// something the constraints allow.
///
/// PICT's root combines the sub-models' rows as they are. When a constraint ties a sub-model to
/// other parameters, the rows it happens to have can rule out a value elsewhere: PICT's own test
/// model `+real/real038.txt` never shows `NUM_PRIMARY_XML_INDEXES = 1`, because that value
/// requires all the "alternate" options at `DEFAULT`, a row the alternate sub-model did not
/// generate. Here, before the root is generated, each of these must be buildable from the
/// groups' rows (a group is a sub-model, or a parameter outside them with all its values) as
/// part of a valid row, whenever some valid row holds it at all:
/// - every row of every sub-model (else the sub-model's own combinations could go missing);
/// - every value of every constrained parameter.
/// For each that is not, a valid row holding it is found, and its part in each sub-model joins
/// that sub-model's rows. The root then covers combinations of those rows too, as PICT's would.
/// Combinations of values across groups are not required beyond what the groups' rows give
/// (PICT's guarantee): asking for them costs rows PICT does not spend, where the sub-models'
/// strengths said they were not wanted.
enum SubModelDomains {
    /// `groups[g]` are the parameters of group g and `rows[g]` its rows; the first
    /// `subModelCount` groups are the sub-models. Returns how many rows were added.
    static func complete(groups: [[Int]], rows: inout [[[Int32]]], subModelCount: Int, base: ConstraintRules) -> Int {
        guard !base.isUnconstrained, subModelCount > 0 else { return 0 }
        var added = 0
        // Rows added for one round's needs can make new combinations of rows to check.
        for _ in 0..<5 {
            let needs = unmet(groups: groups, rows: rows, subModelCount: subModelCount, base: base)
            var addedThisRound = 0
            for need in needs {
                // An earlier addition may have met this one already.
                if addedThisRound > 0, Search(groups, rows, base).buildable(need.partial, fixed: need.fixed) { continue }
                guard let row = base.complete(need.partial, hint: need.partial) else { continue }
                for group in 0..<subModelCount {
                    let projection = groups[group].map { row[$0] }
                    if !rows[group].contains(projection) {
                        rows[group].append(projection)
                        addedThisRound += 1
                    }
                }
            }
            added += addedThisRound
            if addedThisRound == 0 { break }
        }
        return added
    }

    /// A partial row of parameters that must be buildable, with some groups' rows fixed.
    struct Need {
        var partial: [Int32]
        var fixed: [Int32]
    }

    static func unmet(groups: [[Int]], rows: [[[Int32]]], subModelCount: Int, base: ConstraintRules) -> [Need] {
        let parameterCount = base.levels.count
        let search = Search(groups, rows, base)
        var needs: [Need] = []
        let free = [Int32](repeating: -1, count: groups.count)
        func check(_ partial: [Int32], fixed: [Int32]) {
            if base.canComplete(partial), !search.buildable(partial, fixed: fixed) { needs.append(Need(partial: partial, fixed: fixed)) }
        }
        for group in 0..<subModelCount {
            for (index, row) in rows[group].enumerated() {
                var partial = [Int32](repeating: -1, count: parameterCount)
                for (parameter, value) in zip(groups[group], row) { partial[parameter] = value }
                var fixed = free
                fixed[group] = Int32(index)
                check(partial, fixed: fixed)
            }
        }
        for parameter in 0..<parameterCount where base.isRestricted(parameter) {
            var partial = [Int32](repeating: -1, count: parameterCount)
            for value in 0..<base.levels[parameter] {
                partial[parameter] = Int32(value)
                check(partial, fixed: free)
            }
        }
        return needs
    }

    /// Whether a partial row of parameters can be built from the groups' rows.
    struct Search {
        let groups: [[Int]]
        let rows: [[[Int32]]]
        let groupsOf: [[Int]]
        let rules: MappedRowRules

        init(_ groups: [[Int]], _ rows: [[[Int32]]], _ base: ConstraintRules) {
            self.groups = groups
            self.rows = rows
            var groupsOf = [[Int]](repeating: [], count: base.levels.count)
            for (group, parameters) in groups.enumerated() { for parameter in parameters { groupsOf[parameter].append(group) } }
            self.groupsOf = groupsOf
            rules = MappedRowRules(base: base, cells: zip(groups, rows).map { parameters, rows in
                rows.map { row in zip(parameters, row).map { (parameter: $0, value: $1) } }
            })
        }

        /// With the groups' rows of `fixed` (-1 for free), some row of each other group holding
        /// a parameter of `partial` agrees with it, and the root row of those choices can be
        /// completed validly.
        func buildable(_ partial: [Int32], fixed: [Int32]) -> Bool {
            let involved = Array(Set(partial.indices.filter { partial[$0] >= 0 }.flatMap { groupsOf[$0] })).sorted().filter { fixed[$0] < 0 }
            var root = fixed
            func choose(_ position: Int) -> Bool {
                guard position < involved.count else { return rules.canComplete(root) }
                let group = involved[position]
                for (index, row) in rows[group].enumerated() where zip(groups[group], row).allSatisfy({ partial[$0] < 0 || partial[$0] == $1 }) {
                    root[group] = Int32(index)
                    if rules.canComplete(root), choose(position + 1) { return true }
                }
                root[group] = -1
                return false
            }
            return choose(0)
        }
    }
}
