
/// A registry's flags, in id order (UTF-8 byte order: flag ids are ASCII, so alphabetical).
///
/// Held whole when the registry was read from YAML. Read from a snapshot, it holds the snapshot's
/// index and makes a flag when one is asked for, so opening a 10,000-flag registry makes none:
/// the menu makes the flags it shows, and `position(of:)` finds an id by comparing the snapshot's
/// bytes.
///
/// ```swift
/// let flags = registry.flags
/// flags.count               // 10_000
/// flags.position(of: "x")   // binary search
/// flags[42].rawValue        // made now
/// ```
public struct FeatureFlagList: RandomAccessCollection, Equatable, Sendable {
    private enum Storage: Sendable {
        case whole([FeatureFlagID])
        case snapshot(FlagDetailsTable)
    }

    private let storage: Storage
    /// The number of flags: positions are `0..<endIndex`.
    public let endIndex: Int
    public var startIndex: Int { 0 }

    /// `flags`, sorted by id.
    init(_ flags: [FeatureFlagID]) {
        let sorted = zip(flags, flags.dropFirst()).allSatisfy { Self.precedes($0.rawValue, $1.rawValue) }
            ? flags : flags.sorted { Self.precedes($0.rawValue, $1.rawValue) }
        storage = .whole(sorted)
        endIndex = sorted.count
    }

    /// The flags of a snapshot's index (`FeatureFlagRegistry.write(to:)` wrote them in id order).
    init(snapshot table: FlagDetailsTable) {
        storage = .snapshot(table)
        endIndex = table.index.count
    }

    /// The flag at `position`; from a snapshot, made now (its details are decoded when read).
    public subscript(position: Int) -> FeatureFlagID {
        switch storage {
        case .whole(let flags): flags[position]
        case .snapshot(let table): FeatureFlagID(FeatureFlagDefinition(id: table.index.id(at: position), detailsIn: table, at: position))
        }
    }

    /// The position of the flag `id`, if there is one.
    public func position(of id: String) -> Int? {
        switch storage {
        case .whole(let flags):
            let index = flags.partitionPoint { !Self.precedes($0.rawValue, id) }
            return index < flags.count && flags[index].rawValue == id ? index : nil
        case .snapshot(let table):
            return table.index.position(of: id)
        }
    }

    /// Two lists are equal when they hold the same flags (by id), whoever made them.
    public static func == (left: FeatureFlagList, right: FeatureFlagList) -> Bool {
        left.elementsEqual(right)
    }

    /// The order of the list and of a snapshot's index.
    static func precedes(_ left: String, _ right: String) -> Bool {
        left.utf8.lexicographicallyPrecedes(right.utf8)
    }
}
