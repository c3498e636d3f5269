import Synchronization

/// The positions of a registry's flags that have a debug row, sorted by title (then id): the
/// order the menu shows its rows in, worked out the first time something asks for it.
///
/// Only the menu and what lists its rows ask; `flags list` and `flags get` never do, and
/// lowering and sorting the titles of 10,000 flags was a fifth of a cold registry's own work.
/// A snapshot stores the order, so a registry read from one starts with it known.
final class DebugRowOrder: Sendable {
    private let flags: FeatureFlagList
    private let known: Mutex<[Int]?>

    /// The order of `flags`, to be worked out when asked for.
    init(of flags: FeatureFlagList) {
        self.flags = flags
        known = Mutex(nil)
    }

    /// An order already worked out (read from a snapshot).
    init(positions: [Int], of flags: FeatureFlagList) {
        self.flags = flags
        known = Mutex(positions)
    }

    var positions: [Int] {
        if let positions = known.withLock({ $0 }) { return positions }
        let positions = Self.order(of: flags)
        known.withLock { $0 = positions }
        return positions
    }

    static func order(of flags: FeatureFlagList) -> [Int] {
        // Each title lowered once, not twice per comparison (that was 280,000 strings at 10,000 flags).
        flags.indices.compactMap { index in flags[index].definition.debugTitle.map { (key: $0.lowercased(), index: index) } }
            // Ties on the title go by id, which is the order of `flags`.
            .sorted { ($0.key, $0.index) < ($1.key, $1.index) }
            .map(\.index)
    }
}
