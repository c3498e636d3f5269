/// Every t-tuple of a problem (a choice of t columns and a value for each), how many rows cover
/// each, and the list of required tuples no row covers yet.
///
/// Tuples are numbered column set by column set (the sets in lexicographic order), and within a
/// set by the values in mixed radix, so a tuple's counter is one array element found by a few
/// multiplications. For each column the sets that contain it are listed with the other columns'
/// multipliers ("incidences"), so changing one cell of a row touches only the C(k−1, t−1)
/// counters that can change: k−1 of them at strength 2. That is what makes the local search's
/// moves cheap.
///
/// The counters and lists live in buffers allocated once: the search reads them millions of
/// times, and in a debug build (where the tests run) array subscripts cost many times what a
/// pointer's do.
final class TupleCoverage {
    let levels: [Int]
    let strength: Int
    let columnCount: Int
    let setCount: Int
    let tupleCount: Int
    /// Numbers per incidence: the set's base, the column's multiplier, then each other column
    /// and its multiplier.
    let stride: Int

    /// The columns of each set and their multipliers, `strength` per set.
    private let setColumns: UnsafeMutablePointer<Int32>
    private let setMultipliers: UnsafeMutablePointer<Int32>
    /// Where each set's tuples start, with one more entry: the number of tuples.
    private let setBase: UnsafeMutablePointer<Int>
    private let incidences: UnsafeMutablePointer<Int32>
    private let incidenceStart: UnsafeMutablePointer<Int>
    private let levelOf: UnsafeMutablePointer<Int>

    /// How many rows cover each tuple.
    private let counts: UnsafeMutablePointer<Int32>
    /// 1 when some valid row can hold the tuple; the others need no covering.
    private let required: UnsafeMutablePointer<UInt8>
    private(set) var requiredCount: Int
    /// The required tuples no row covers (the first `uncoveredCount`), and each one's place there.
    private let uncoveredList: UnsafeMutablePointer<Int32>
    private let position: UnsafeMutablePointer<Int32>
    private(set) var uncoveredCount = 0
    /// Scratch for moves: each changed column's place in the change, or -1.
    private let changeRank: UnsafeMutablePointer<Int32>
    /// The set of each tuple, and how many required tuples of each set are uncovered.
    private let setOfTuple: UnsafeMutablePointer<Int32>
    private let uncoveredInSet: UnsafeMutablePointer<Int32>

    /// The most tuples a problem may have (about 18 bytes each are kept).
    static let tupleLimit = 8_000_000

    struct TooLarge: Error {
        var tuples: Int
    }

    init(levels: [Int], strength: Int) throws(TooLarge) {
        self.levels = levels
        self.strength = strength
        columnCount = levels.count
        stride = 2 * strength
        // Count first, so a model too large to hold is refused before anything is allocated.
        var total = 0, sets = 0
        Self.forEachSet(columnCount: levels.count, strength: strength) { columns in
            var size = 1
            for column in columns { size = size.multipliedReportingOverflow(by: levels[column]).partialValue }
            total += size
            sets += 1
            return total <= Self.tupleLimit
        }
        guard total <= Self.tupleLimit else { throw TooLarge(tuples: total) }
        setCount = sets
        tupleCount = total
        let setColumns = UnsafeMutablePointer<Int32>.allocate(capacity: max(1, sets * strength))
        let setMultipliers = UnsafeMutablePointer<Int32>.allocate(capacity: max(1, sets * strength))
        let setBase = UnsafeMutablePointer<Int>.allocate(capacity: sets + 1)
        (self.setColumns, self.setMultipliers, self.setBase) = (setColumns, setMultipliers, setBase)
        levelOf = .allocate(capacity: max(1, levels.count))
        for (column, level) in levels.enumerated() { levelOf[column] = level }
        var perColumn = Array(repeating: [Int32](), count: levels.count)
        var base = 0, set = 0
        Self.forEachSet(columnCount: levels.count, strength: strength) { columns in
            setBase[set] = base
            var multipliers = [Int32](repeating: 1, count: columns.count)
            var size = 1
            for position in columns.indices.reversed() {
                multipliers[position] = Int32(size)
                size *= levels[columns[position]]
            }
            for (position, column) in columns.enumerated() {
                setColumns[set * strength + position] = Int32(column)
                setMultipliers[set * strength + position] = multipliers[position]
                perColumn[column].append(Int32(base))
                perColumn[column].append(multipliers[position])
                for (other, otherColumn) in columns.enumerated() where other != position {
                    perColumn[column].append(Int32(otherColumn))
                    perColumn[column].append(multipliers[other])
                }
            }
            base += size
            set += 1
            return true
        }
        setBase[sets] = base
        let incidenceTotal = perColumn.reduce(0) { $0 + $1.count }
        incidences = .allocate(capacity: max(1, incidenceTotal))
        incidenceStart = .allocate(capacity: levels.count + 1)
        var offset = 0
        for column in levels.indices {
            incidenceStart[column] = offset
            for number in perColumn[column] { incidences[offset] = number; offset += 1 }
        }
        incidenceStart[levels.count] = offset
        counts = .allocate(capacity: max(1, total))
        counts.initialize(repeating: 0, count: max(1, total))
        required = .allocate(capacity: max(1, total))
        required.initialize(repeating: 1, count: max(1, total))
        requiredCount = total
        uncoveredList = .allocate(capacity: max(1, total))
        position = .allocate(capacity: max(1, total))
        position.initialize(repeating: -1, count: max(1, total))
        changeRank = .allocate(capacity: max(1, levels.count))
        changeRank.initialize(repeating: -1, count: max(1, levels.count))
        setOfTuple = .allocate(capacity: max(1, total))
        for set in 0..<sets { for tuple in setBase[set]..<setBase[set + 1] { setOfTuple[tuple] = Int32(set) } }
        uncoveredInSet = .allocate(capacity: max(1, sets))
        uncoveredInSet.initialize(repeating: 0, count: max(1, sets))
    }

    deinit {
        for pointer in [setColumns, setMultipliers, incidences, counts, uncoveredList, position, changeRank, setOfTuple, uncoveredInSet] { pointer.deallocate() }
        setBase.deallocate()
        incidenceStart.deallocate()
        levelOf.deallocate()
        required.deallocate()
    }

    /// Calls `body` with each set of `strength` columns in lexicographic order, until it returns false.
    static func forEachSet(columnCount: Int, strength: Int, _ body: ([Int]) -> Bool) {
        guard strength >= 1, strength <= columnCount else { return }
        var columns = Array(0..<strength)
        while true {
            if !body(columns) { return }
            var index = strength - 1
            while index >= 0 && columns[index] == columnCount - strength + index { index -= 1 }
            if index < 0 { return }
            columns[index] += 1
            for next in (index + 1)..<strength { columns[next] = columns[next - 1] + 1 }
        }
    }

    /// The columns of a set.
    func columns(ofSet set: Int) -> [Int] { (0..<strength).map { Int(setColumns[set * strength + $0]) } }

    /// How many sets contain `column`: the counters one change of its cell touches.
    func incidenceCount(of column: Int) -> Int { (incidenceStart[column + 1] - incidenceStart[column]) / stride }

    /// The uncovered required tuple at `index` of the list (`0..<uncoveredCount`).
    func uncoveredTuple(at index: Int) -> Int { Int(uncoveredList[index]) }

    // MARK: - Required tuples

    /// Marks as not required every tuple no valid row can hold. Tuples of columns the rules never
    /// restrict are all required; for the others, each assignment of a set's restricted columns
    /// is asked once.
    func markRequired(by rules: RowRules) {
        guard !rules.isUnconstrained else { return }
        var partial = [Int32](repeating: -1, count: columnCount)
        var cache: [[Int32]: Bool] = [:]
        for set in 0..<setCount {
            let columns = columns(ofSet: set)
            let restricted = columns.indices.filter { rules.isRestricted(columns[$0]) }
            guard !restricted.isEmpty else { continue }
            for offset in 0..<(setBase[set + 1] - setBase[set]) {
                var key: [Int32] = []
                key.reserveCapacity(restricted.count * 2)
                for position in restricted {
                    let value = (offset / Int(setMultipliers[set * strength + position])) % levels[columns[position]]
                    key.append(Int32(columns[position]))
                    key.append(Int32(value))
                }
                let feasible: Bool
                if let known = cache[key] {
                    feasible = known
                } else {
                    for index in Swift.stride(from: 0, to: key.count, by: 2) { partial[Int(key[index])] = key[index + 1] }
                    feasible = rules.canComplete(partial)
                    for index in Swift.stride(from: 0, to: key.count, by: 2) { partial[Int(key[index])] = -1 }
                    cache[key] = feasible
                }
                if !feasible {
                    required[setBase[set] + offset] = 0
                    requiredCount -= 1
                }
            }
        }
    }

    /// The most required tuples of any one set: no array has fewer rows, since a row covers
    /// one tuple of each set.
    var largestRequiredSet: Int {
        var largest = 0
        for set in 0..<setCount {
            var count = 0
            for tuple in setBase[set]..<setBase[set + 1] where required[tuple] == 1 { count += 1 }
            largest = max(largest, count)
        }
        return largest
    }

    // MARK: - Counting rows

    /// Forgets every row: every required tuple is uncovered.
    func reset() {
        counts.update(repeating: 0, count: tupleCount)
        uncoveredInSet.update(repeating: 0, count: max(1, setCount))
        uncoveredCount = 0
        var tuple = 0
        while tuple < tupleCount {
            if required[tuple] == 1 {
                position[tuple] = Int32(uncoveredCount)
                uncoveredList[uncoveredCount] = Int32(tuple)
                uncoveredCount += 1
                uncoveredInSet[Int(setOfTuple[tuple])] += 1
            }
            tuple += 1
        }
    }

    /// Counts a row in (`by: 1`) or out (`by: -1`).
    func add(_ row: [Int32], by change: Int32 = 1) {
        row.withUnsafeBufferPointer { add($0.baseAddress!, by: change) }
    }

    func add(_ row: UnsafePointer<Int32>, by change: Int32 = 1) {
        var set = 0
        while set < setCount {
            bump(tupleIndex(set, row), by: change)
            set += 1
        }
    }

    @inline(__always)
    private func tupleIndex(_ set: Int, _ row: UnsafePointer<Int32>) -> Int {
        var index = setBase[set]
        var position = set * strength
        let end = position + strength
        while position < end {
            index += Int(row[Int(setColumns[position])]) * Int(setMultipliers[position])
            position += 1
        }
        return index
    }

    @inline(__always)
    private func bump(_ index: Int, by change: Int32) {
        let before = counts[index]
        counts[index] = before + change
        guard required[index] == 1 else { return }
        if before == 0 && change > 0 {
            // Covered now: move the last uncovered tuple into its place.
            let at = Int(position[index])
            uncoveredCount -= 1
            let last = uncoveredList[uncoveredCount]
            uncoveredList[at] = last
            position[Int(last)] = Int32(at)
            position[index] = -1
            uncoveredInSet[Int(setOfTuple[index])] -= 1
        } else if before + change == 0 && change < 0 {
            position[index] = Int32(uncoveredCount)
            uncoveredList[uncoveredCount] = Int32(index)
            uncoveredCount += 1
            uncoveredInSet[Int(setOfTuple[index])] += 1
        }
    }

    /// How many required tuples a row would newly cover.
    func newlyCovered(by row: [Int32]) -> Int {
        row.withUnsafeBufferPointer { row in
            let row = row.baseAddress!
            var count = 0, set = 0
            while set < setCount {
                let index = tupleIndex(set, row)
                if counts[index] == 0 && required[index] == 1 { count += 1 }
                set += 1
            }
            return count
        }
    }

    /// How many required tuples only this row covers: what dropping it would uncover.
    func coveredOnlyBy(_ row: UnsafePointer<Int32>) -> Int {
        var count = 0, set = 0
        while set < setCount {
            if counts[tupleIndex(set, row)] == 1 { count += 1 }
            set += 1
        }
        return count
    }

    /// For each value of `column`, how many uncovered required tuples it would complete with the
    /// assigned cells of `partial` (sets with another free column do not count yet). Returns the
    /// number of sets looked at.
    func gains(of column: Int, in partial: [Int32], into gains: inout [Int]) -> Int {
        let level = levels[column]
        for value in 0..<level { gains[value] = 0 }
        var work = 0
        partial.withUnsafeBufferPointer { partial in
            gains.withUnsafeMutableBufferPointer { gains in
                let partial = partial.baseAddress!, gains = gains.baseAddress!
                var entry = incidenceStart[column]
                let end = incidenceStart[column + 1]
                outer: while entry < end {
                    var index = Int(incidences[entry])
                    let multiplier = Int(incidences[entry + 1])
                    var other = entry + 2
                    let next = entry + stride
                    entry = next
                    while other < next {
                        let value = partial[Int(incidences[other])]
                        if value < 0 { continue outer }
                        index += Int(value) * Int(incidences[other + 1])
                        other += 2
                    }
                    work += 1
                    var value = 0
                    while value < level {
                        if counts[index] == 0 && required[index] == 1 { gains[value] += 1 }
                        index += multiplier
                        value += 1
                    }
                }
            }
        }
        return work
    }

    /// The set a tuple belongs to.
    func set(of tuple: Int) -> Int { Int(setOfTuple[tuple]) }

    /// An uncovered required tuple of the set with the most of them (PICT's choice for the start
    /// of a row: the hardest set first), the `pick`-th of that set's in order, wrapping; or
    /// `nil` when everything is covered.
    func uncoveredTupleOfFullestSet(pick: Int) -> Int? {
        var fullest = -1, most: Int32 = 0
        for set in 0..<setCount where uncoveredInSet[set] > most {
            (fullest, most) = (set, uncoveredInSet[set])
        }
        guard fullest >= 0 else { return nil }
        var skip = pick % Int(most)
        for tuple in setBase[fullest]..<setBase[fullest + 1] where counts[tuple] == 0 && required[tuple] == 1 {
            if skip == 0 { return tuple }
            skip -= 1
        }
        return nil
    }

    /// The columns and values of a tuple.
    func decode(_ tuple: Int, columns: inout [Int], values: inout [Int32]) {
        let set = set(of: tuple)
        let offset = tuple - setBase[set]
        for position in 0..<strength {
            let column = Int(setColumns[set * strength + position])
            columns[position] = column
            values[position] = Int32((offset / Int(setMultipliers[set * strength + position])) % levels[column])
        }
    }

    // MARK: - Moves

    /// A change of some cells of one row: the columns and their new values, in buffers made
    /// once per search.
    final class Change {
        let columns: UnsafeMutablePointer<Int>
        let values: UnsafeMutablePointer<Int32>
        private(set) var count = 0

        init(capacity: Int) {
            columns = .allocate(capacity: max(1, capacity))
            values = .allocate(capacity: max(1, capacity))
        }

        deinit {
            columns.deallocate()
            values.deallocate()
        }

        func removeAll() { count = 0 }

        func append(_ column: Int, _ value: Int32) {
            columns[count] = column
            values[count] = value
            count += 1
        }
    }

    private enum Walk { case delta, losses, apply }

    /// The change in the number of uncovered required tuples if `row` took `change`, and the
    /// number of counters looked at.
    func delta(of change: Change, in row: UnsafePointer<Int32>) -> (delta: Int, work: Int) {
        walk(.delta, change, row)
    }

    /// How many tuples would lose their last covering row if `row` took `change`.
    func losses(of change: Change, in row: UnsafePointer<Int32>) -> Int {
        walk(.losses, change, row).delta
    }

    /// Counts `row` as having taken `change` (the caller changes the row itself).
    func apply(_ change: Change, to row: UnsafePointer<Int32>) {
        _ = walk(.apply, change, row)
    }

    /// Visits the old and the new tuple of every set that contains a changed column, each set
    /// once (at its first changed column), without building the new row.
    private func walk(_ mode: Walk, _ change: Change, _ old: UnsafePointer<Int32>) -> (delta: Int, work: Int) {
        var delta = 0, work = 0
        let changed = change.count
        let changedColumns = change.columns, newValues = change.values
        var rank = 0
        while rank < changed {
            changeRank[changedColumns[rank]] = Int32(rank)
            rank &+= 1
        }
        rank = 0
        while rank < changed {
            let column = changedColumns[rank]
            let oldValue = Int(old[column]), newValue = Int(newValues[rank])
            var entry = incidenceStart[column]
            let end = incidenceStart[column &+ 1]
            // Wrapping arithmetic: the indices are bounded by the tuple count, and a debug
            // build would otherwise check every addition for overflow.
            outer: while entry < end {
                let base = Int(incidences[entry]), multiplier = Int(incidences[entry &+ 1])
                var oldIndex = base &+ oldValue &* multiplier
                var newIndex = base &+ newValue &* multiplier
                var other = entry &+ 2
                let next = entry &+ stride
                entry = next
                while other < next {
                    let otherColumn = Int(incidences[other])
                    let otherMultiplier = Int(incidences[other &+ 1])
                    let otherRank = Int(changeRank[otherColumn])
                    if otherRank < 0 {
                        let value = Int(old[otherColumn]) &* otherMultiplier
                        oldIndex = oldIndex &+ value
                        newIndex = newIndex &+ value
                    } else if otherRank < rank {
                        // The set was visited at its earlier changed column.
                        continue outer
                    } else {
                        oldIndex = oldIndex &+ Int(old[otherColumn]) &* otherMultiplier
                        newIndex = newIndex &+ Int(newValues[otherRank]) &* otherMultiplier
                    }
                    other = other &+ 2
                }
                work = work &+ 1
                switch mode {
                case .delta:
                    if counts[oldIndex] == 1 { delta = delta &+ 1 }
                    if counts[newIndex] == 0 && required[newIndex] == 1 { delta = delta &- 1 }
                case .losses:
                    if counts[oldIndex] == 1 { delta = delta &+ 1 }
                case .apply:
                    bump(oldIndex, by: -1)
                    bump(newIndex, by: 1)
                }
            }
            rank &+= 1
        }
        rank = 0
        while rank < changed {
            changeRank[changedColumns[rank]] = -1
            rank &+= 1
        }
        return (delta, work)
    }
}
