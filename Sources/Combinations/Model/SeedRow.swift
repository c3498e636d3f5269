/// A row that must appear in the output, whole or in part (PICT's seeding file, `/e:file`).
///
/// Use it for combinations QA always runs (the configuration a customer reported, last release's
/// failures): the generator starts from them and fills in their free cells. As in PICT, a seed
/// contained in another is dropped, a seed that breaks a constraint is dropped, and seeds are
/// used in order only until every required combination is covered.
///
/// ```swift
/// let seed = SeedRow(values: [0, nil, 2])   // parameter 0 = its first value, 1 free, 2 = its third
/// ```
public struct SeedRow: Sendable, Hashable {
    /// One entry per parameter of the model: the index of its value, or `nil` when free.
    public var values: [Int?]

    public init(values: [Int?]) {
        self.values = values
    }

    /// Whether every value this seed fixes is fixed to the same value by `other`.
    public func isContained(in other: SeedRow) -> Bool {
        zip(values, other.values).allSatisfy { mine, theirs in mine == nil || mine == theirs }
    }
}
