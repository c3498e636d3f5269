/// What a fuzz run did: how many inputs of each kind, how many were refused with an error, the
/// slowest input, and every failure.
///
/// ```swift
/// let report = try ParserFuzzer(firefoxFolder: nil).run(inputs: 1_000, seed: 1)
/// print(report.summary)
/// ```
public struct FuzzReport: Sendable {
    public var inputs: [FuzzKind: Int] = [:]
    /// Inputs refused with an error (each named a file and a line:column).
    public var errors: [FuzzKind: Int] = [:]
    public var failures: [FuzzFailure] = []
    /// The slowest input, described, and its duration in seconds.
    public var slowest: (input: String, seconds: Double) = ("none", 0)

    public init() {}

    public var totalInputs: Int { inputs.values.reduce(0, +) }
    public var totalErrors: Int { errors.values.reduce(0, +) }

    /// One line per kind and a total, for logs and docs/RELIABILITY.md.
    public var summary: String {
        var lines = FuzzKind.allCases.map { kind in
            "\(kind.rawValue): \(inputs[kind, default: 0]) inputs, \(errors[kind, default: 0]) refused with a positioned error"
        }
        lines.append("total: \(totalInputs) inputs, \(totalErrors) errors, \(failures.count) failures, "
                     + "slowest \(Int((slowest.seconds * 1000).rounded())) ms (\(slowest.input))")
        return lines.joined(separator: "\n")
    }
}
