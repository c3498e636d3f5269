/// The K-th of N disjoint parts of a matrix's combination list (`flags matrix --shard K/N`), for
/// a CI system's own job matrix: every machine computes the same list for the same flags and
/// mode, and part K takes the rows K-1, K-1+N, K-1+2N, … (round robin, so parts differ in size
/// by at most one row and each holds a spread of the list).
///
/// ```swift
/// let shard = try MatrixShard(parsing: "2/3")
/// shard.rows(of: 6)   // [1, 4]
/// ```
public struct MatrixShard: Sendable, Hashable, CustomStringConvertible {
    /// 1-based.
    public var index: Int
    public var count: Int

    /// The most parts a matrix is split into: more than any CI system runs at once.
    public static let maximumCount = 1000

    public init(index: Int, count: Int) {
        precondition(index >= 1 && index <= count)
        self.index = index
        self.count = count
    }

    /// Reads `K/N`, with 1 ≤ K ≤ N.
    public init(parsing text: String) throws(MatrixShardError) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count >= 1, count <= Self.maximumCount,
              index >= 1, index <= count else {
            throw MatrixShardError(message: "--shard expects K/N with 1 ≤ K ≤ N ≤ \(Self.maximumCount), such as 2/3 "
                                   + "(GitHub Actions: ${{ matrix.shard }}/3; GitLab: $CI_NODE_INDEX/$CI_NODE_TOTAL), found '\(text)'")
        }
        self.init(index: index, count: count)
    }

    /// The positions, in a list of `total` combinations, that this part runs.
    public func rows(of total: Int) -> [Int] {
        Array(stride(from: index - 1, to: total, by: count))
    }

    public var description: String { "\(index)/\(count)" }
}

/// A `--shard` that does not read, or a `--merge` whose parts do not fit together.
public struct MatrixShardError: Error, CustomStringConvertible, Sendable {
    public var message: String
    public var description: String { message }
}
