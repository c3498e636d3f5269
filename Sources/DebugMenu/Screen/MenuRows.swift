#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
/// The menu's rows, in order: some listed, some made when read. A large app's menu has two rows
/// per flag (20,000 at 10,000 flags); making each only when it is drawn, searched or selected
/// keeps the first frame as quick as a small app's.
///
/// Use `MenuRows(_:)` for a plain list, or `MenuRows(segments:)` with `.made` segments for runs
/// of rows of one section that a function can make from their position (and find by id).
/// Rows put in with `replace(at:with:)` (a row whose values were worked out) are kept.
///
/// ```swift
/// let rows = MenuRows(segments: [
///     .made(count: 10_000, section: .featureFlags, row: { makeSwitchRow($0) }, index: { switchPosition(ofID: $0) }),
///     .listed(buildFlagRows),
/// ])
/// rows[42].title        // made now
/// rows.index(ofID: "flag:search")
/// ```
public struct MenuRows: RandomAccessCollection, Sendable {
    /// A run of rows.
    public enum Segment: Sendable {
        /// These rows.
        case listed([MenuRow])
        /// `count` rows of `section`: `row(i)` makes the i-th, `index(id)` says which one has
        /// that id (nil if none); both must be cheap and agree with each other.
        case made(count: Int, section: MenuSection, row: @Sendable (Int) -> MenuRow, index: @Sendable (String) -> Int?)

        var count: Int {
            switch self {
            case .listed(let rows): rows.count
            case .made(let count, _, _, _): count
            }
        }
    }

    private var segments: [Segment]
    /// The position of each segment's first row.
    private var starts: [Int]
    /// Made rows that were replaced since, by position.
    private var replaced: [Int: MenuRow] = [:]
    /// Where each listed row is, by id (made lazily would need a lock; listed rows are few).
    private var listedIndices: [String: Int]
    public let endIndex: Int

    public var startIndex: Int { 0 }

    public init(_ rows: [MenuRow] = []) {
        self.init(segments: [.listed(rows)])
    }

    public init(segments: [Segment]) {
        self.segments = segments
        var starts: [Int] = []
        var listedIndices: [String: Int] = [:]
        var position = 0
        for segment in segments {
            starts.append(position)
            if case .listed(let rows) = segment {
                for (offset, row) in rows.enumerated() where listedIndices[row.id] == nil { listedIndices[row.id] = position + offset }
            }
            position += segment.count
        }
        self.starts = starts
        self.listedIndices = listedIndices
        endIndex = position
    }

    public subscript(position: Int) -> MenuRow {
        let (segment, offset) = locate(position)
        switch segments[segment] {
        case .listed(let rows): return rows[offset]
        case .made(_, _, let row, _): return replaced[position] ?? row(offset)
        }
    }

    /// The rows as runs of one section each, in order, without making any row: a made segment
    /// is one run, and neighbouring listed rows of one section share one.
    public var sectionRuns: [SectionRun] {
        var runs: [SectionRun] = []
        for (segment, start) in zip(segments, starts) {
            switch segment {
            case .listed(let rows):
                for (offset, row) in rows.enumerated() { runs.append(row.section, (start + offset)..<(start + offset + 1)) }
            case .made(let count, let section, _, _):
                runs.append(section, start..<(start + count))
            }
        }
        return runs
    }

    /// The position of the row with `id`, if there is one.
    public func index(ofID id: String) -> Int? {
        if let index = listedIndices[id] { return index }
        for (segment, start) in zip(segments, starts) {
            if case .made(let count, _, _, let index) = segment, let offset = index(id), (0..<count).contains(offset) {
                return start + offset
            }
        }
        return nil
    }

    /// Puts `row` at `position` in place of the row there. Its id must stay the same.
    public mutating func replace(at position: Int, with row: MenuRow) {
        let (segment, offset) = locate(position)
        switch segments[segment] {
        case .listed(var rows):
            segments[segment] = .listed([])  // so `rows` is the only reference and is changed in place
            rows[offset] = row
            segments[segment] = .listed(rows)
        case .made:
            replaced[position] = row
        }
    }

    /// The segment holding `position` and the position within it.
    private func locate(_ position: Int) -> (segment: Int, offset: Int) {
        precondition(position >= 0 && position < endIndex, "row \(position) out of 0..<\(endIndex)")
        // Few segments (at most five in the menu): a linear walk from the end.
        var segment = starts.count - 1
        while starts[segment] > position || segments[segment].count == 0 && segment > 0 { segment -= 1 }
        return (segment, position - starts[segment])
    }
}
#endif
