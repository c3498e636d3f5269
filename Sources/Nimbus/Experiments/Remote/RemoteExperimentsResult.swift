import Platform

/// What `RemoteExperimentsLoader.load` produced: the experiment records to use, where they
/// came from, and what changed.
///
/// Use `records` for enrollment whatever the status (it is empty only with `.noData`), print
/// `status` for a person, store nothing yourself (the loader already updated the cache), and
/// use `diff` for a "what did this fetch bring" report.
///
/// ```swift
/// let result = loader.loadBlocking()
/// print(result.status)                       // fetched new records
/// print(result.diff.added, result.diff.removed)
/// let enrolled = evaluator.evaluate(result.records)
/// ```
public struct RemoteExperimentsResult: Sendable, Hashable {
    /// The records to use.
    public var records: ExperimentRecordSet
    public var status: RemoteExperimentsStatus
    /// What the cache held before this load, nil when it held nothing usable.
    public var previous: ExperimentRecordSet?
    /// The "don't ask before" time now stored, if any.
    public var backoffUntil: Date?
    /// Failures of the cache itself (unreadable, not saved); the records were still used.
    public var cacheProblems: [String]
    /// The records URL.
    public var url: URL

    public init(
        records: ExperimentRecordSet, status: RemoteExperimentsStatus, previous: ExperimentRecordSet?,
        backoffUntil: Date?, cacheProblems: [String] = [], url: URL
    ) {
        self.records = records
        self.status = status
        self.previous = previous
        self.backoffUntil = backoffUntil
        self.cacheProblems = cacheProblems
        self.url = url
    }

    /// Added, removed and changed slugs between the cached records and `records`.
    public var diff: ExperimentRecordSetDiff {
        ExperimentRecordSetDiff(old: previous, new: records)
    }
}
