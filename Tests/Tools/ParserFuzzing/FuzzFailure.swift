/// One input the loaders mishandled: an error without a file and position, an error pointing
/// outside the file, or an input that took longer than the hang limit.
///
/// ```swift
/// for failure in report.failures { print(failure) }   // "registry #17 (seed 1) feature-flags.yaml: …"
/// ```
public struct FuzzFailure: Sendable, CustomStringConvertible {
    public var kind: FuzzKind
    /// The input's number in its run; with the run's seed it makes the input again.
    public var index: Int
    public var seed: UInt64
    /// The mutated file.
    public var file: String
    /// What was wrong.
    public var problem: String
    /// The mutated file's bytes.
    public var input: [UInt8]

    public var description: String {
        "\(kind.rawValue) #\(index) (seed \(seed)) \(file): \(problem)"
    }
}
