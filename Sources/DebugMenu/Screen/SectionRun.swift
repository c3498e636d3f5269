#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
/// Neighbouring rows of one section, as positions in the rows: what `MenuRows.sectionRuns`
/// lists, what a filter's matches become, and what `ContentLines` lays out.
///
/// ```swift
/// var runs: [SectionRun] = []
/// runs.append(.featureFlags, 0..<3)
/// runs.append(.featureFlags, 3..<5)   // joined: featureFlags 0..<5
/// ```
public struct SectionRun: Equatable, Sendable {
    public var section: MenuSection
    public var rows: Range<Int>

    public init(section: MenuSection, rows: Range<Int>) {
        self.section = section
        self.rows = rows
    }
}

extension [SectionRun] {
    /// Adds `rows` of `section`, joined to the last run when they touch it and share its section.
    mutating func append(_ section: MenuSection, _ rows: Range<Int>) {
        guard !rows.isEmpty else { return }
        if let last, last.section == section, last.rows.upperBound == rows.lowerBound {
            self[count - 1].rows = last.rows.lowerBound..<rows.upperBound
        } else {
            append(SectionRun(section: section, rows: rows))
        }
    }
}
#endif
