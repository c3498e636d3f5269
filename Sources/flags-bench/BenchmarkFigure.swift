#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
/// One row of the benchmark table: our figure beside its baseline from the same run.
///
/// `ratio` is ours / baseline (lower is better for times). The target says which ratio passes.
struct BenchmarkFigure {
    enum Target {
        /// Pass when ours / baseline ≤ the limit.
        case atMost(Double)
        /// Pass when baseline / ours ≥ the factor (we are at least this many times faster).
        case fasterBy(Double)
        /// Pass when ours ≤ an absolute limit (memory), with the baseline shown for scale.
        case absoluteAtMost(Double, unit: String)

        var text: String {
            switch self {
            case .atMost(let limit): "≤ \(Format.ratio(limit))"
            case .fasterBy(let factor): "≥ \(Format.number(factor))x faster"
            case .absoluteAtMost(let limit, let unit): "< \(Format.number(limit)) \(unit)"
            }
        }
    }

    var name: String
    var unit: String
    var ours: Double
    var baselineName: String
    var baseline: Double
    var target: Target

    var ratio: Double { baseline == 0 ? .infinity : ours / baseline }

    var passes: Bool {
        switch target {
        case .atMost(let limit): ratio <= limit
        case .fasterBy(let factor): ours > 0 && baseline / ours >= factor
        case .absoluteAtMost(let limit, _): ours < limit
        }
    }

    var ratioText: String {
        switch target {
        case .fasterBy: "\(Format.number(baseline / ours))x faster"
        default: Format.ratio(ratio)
        }
    }
}
#endif
