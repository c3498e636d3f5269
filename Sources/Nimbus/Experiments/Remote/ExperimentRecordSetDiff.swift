/// Which experiments appeared, disappeared or changed between two record sets, by slug.
///
/// Use it to tell a person what a fetch brought (`flags fetch`). A record counts as changed
/// when its JSON differs in any member, including server bookkeeping such as Kinto's
/// `last_modified`, since a re-published record is news even when its content looks the same.
/// Slugs are sorted so the output is stable. Skipped (malformed) records are not compared.
///
/// ```swift
/// let diff = ExperimentRecordSetDiff(old: result.previous, new: result.records)
/// diff.added    // ["new-onboarding"]
/// diff.removed  // ["old-homescreen"]
/// diff.changed  // ["search-rollout"]
/// ```
public struct ExperimentRecordSetDiff: Sendable, Hashable {
    public var added: [String]
    public var removed: [String]
    public var changed: [String]

    public init(added: [String] = [], removed: [String] = [], changed: [String] = []) {
        self.added = added
        self.removed = removed
        self.changed = changed
    }

    /// Compares `old` (nil when there was nothing before) with `new`.
    public init(old: ExperimentRecordSet?, new: ExperimentRecordSet) {
        let before = Dictionary(old?.records.map { ($0.slug, $0.json) } ?? [], uniquingKeysWith: { first, _ in first })
        let after = Dictionary(new.records.map { ($0.slug, $0.json) }, uniquingKeysWith: { first, _ in first })
        added = after.keys.filter { before[$0] == nil }.sorted()
        removed = before.keys.filter { after[$0] == nil }.sorted()
        changed = after.compactMap { slug, json in
            before[slug].map { $0 == json ? nil : slug } ?? nil
        }.sorted()
    }

    /// True when nothing was added, removed or changed.
    public var isEmpty: Bool { added.isEmpty && removed.isEmpty && changed.isEmpty }
}
