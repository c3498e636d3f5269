/// `flags bisect`: from a state where a command passes and one where it fails, the smallest set
/// of their differences that makes it fail (`DeltaDebugging`), or the finding that the command is
/// flaky, which is reported instead of a culprit it would have made up.
///
/// Each run applies a state through `probe` (which writes it to the store and runs the command).
/// The endpoints are run first (a good state that fails, or a bad one that passes, is run once
/// more to tell a wrong state from a flaky command); after the search the good state, the bad
/// state and the answer are run again, and any state that gave both answers — there, or as a
/// pass on retry — makes the result `.flaky`.
///
/// ```swift
/// let bisection = Bisection(good: good, bad: bad)
/// let result = try bisection.run { state, applied in try apply(state); return try runner.run(environment: [:]) }
/// print(result.sentence)   // "fails when tipJar=on and reviews=on together; each alone passes"
/// ```
public struct Bisection: Sendable {
    /// One run of the command, for the reports.
    public struct Step: Sendable {
        /// `good`, `bad`, or the differences applied on top of the good state.
        public var name: String
        /// What was applied, at its bad value, on top of the good state.
        public var applied: [BisectUnit]
        public var run: CommandRunner.Run
    }

    /// What a bisection found.
    public enum Finding: Sendable {
        /// Fails with exactly these differences applied; without any one of them it passes.
        case culprit([BisectUnit])
        /// The state named gave both answers.
        case flaky(state: String, answers: [RunOutcome])
        /// The good state fails (twice): there is nothing to bisect from.
        case goodFails(RunOutcome)
        /// The bad state passes (twice).
        case badPasses
        case interrupted(Int32)
    }

    public struct Result: Sendable {
        public var finding: Finding
        public var units: [BisectUnit]
        public var steps: [Step]
        /// Runs of the command, one per state tried (retries not counted).
        public var runs: Int { steps.count }

        /// The finding in words.
        public var sentence: String {
            switch finding {
            case .culprit(let found):
                let labels = BisectUnit.labels(found, among: units)
                switch labels.count {
                case 1:
                    let others = units.count - 1
                    return "fails when \(labels[0]), on its own" + (others == 0 ? "" : " (the other \(others) difference\(others == 1 ? " is" : "s are") not needed)")
                case 2: return "fails when \(labels[0]) and \(labels[1]) together; each alone passes"
                default:
                    return "fails when \(labels.dropLast().joined(separator: ", ")) and \(labels.last!) together; without any one of them it passes"
                }
            case .flaky(let state, let answers):
                return "the command is flaky: \(state) gave both answers (\(answers.map(\.text).joined(separator: ", then "))); "
                    + "no culprit is named; make the command deterministic, or use --retries N to tell"
            case .goodFails(let outcome):
                return "the command fails in the good state too (\(outcome.text), twice); choose a --good STATE where it passes"
            case .badPasses:
                return "the command passes in the bad state too (twice); choose a --bad STATE where it fails"
            case .interrupted(let signal):
                return "interrupted by signal \(signal) after \(runs) run\(runs == 1 ? "" : "s")"
            }
        }
    }

    public let good: SavedFlagState
    public let bad: SavedFlagState
    public let units: [BisectUnit]

    public init(good: SavedFlagState, bad: SavedFlagState) {
        self.good = good
        self.bad = bad
        units = good.bisectUnits(to: bad)
    }

    /// The most runs the bisection makes: the endpoints twice each, ddmin's worst case and the
    /// answer's second run.
    public var maximumRuns: Int { DeltaDebugging.worstCaseTests(count: units.count) + 5 }

    private enum Stop: Error {
        case flaky(String, [RunOutcome])
        case interrupted(Int32)
    }

    /// Runs the bisection; `probe` applies a state and runs the command in it.
    public func run(_ probe: (SavedFlagState, [BisectUnit]) throws -> CommandRunner.Run) throws -> Result {
        var steps: [Step] = []
        var answers: [String: [RunOutcome]] = [:]
        func name(_ subset: [BisectUnit]) -> String {
            subset.count == units.count ? "bad" : subset.isEmpty ? "good" : BisectUnit.labels(subset, among: units).joined(separator: ",")
        }
        func readable(_ name: String) -> String {
            name == "good" || name == "bad" ? "the \(name) state" : "the state with \(name)"
        }
        /// Whether it fails; a flaky or interrupted run stops the search.
        func fails(_ subset: [BisectUnit]) throws -> Bool {
            let stateName = name(subset)
            let run = try probe(good.applying(subset, from: bad), subset)
            steps.append(Step(name: stateName, applied: subset, run: run))
            answers[stateName, default: []].append(run.outcome)
            switch run.outcome {
            case .interrupted(let signal): throw Stop.interrupted(signal)
            case .flaky: throw Stop.flaky(readable(stateName), [run.outcome])
            default: break
            }
            let seen = answers[stateName]!
            if seen.contains(where: \.isFailure) && seen.contains(where: { !$0.isFailure }) {
                throw Stop.flaky(readable(stateName), seen)
            }
            return run.outcome.isFailure
        }
        func result(_ finding: Finding) -> Result { Result(finding: finding, units: units, steps: steps) }
        do {
            if try fails([]) {
                if try fails([]) { return result(.goodFails(steps[0].run.outcome)) }
            }
            if try !fails(units) {
                if try !fails(units) { return result(.badPasses) }
            }
            let found = try DeltaDebugging.minimize(count: units.count) { (subset: [Int]) throws -> Bool in
                try fails(subset.map { units[$0] })
            }
            let culprit = found.map { units[$0] }
            // The same states again: a command that answers otherwise the second time is flaky,
            // and the search may have followed a wrong answer.
            _ = try fails([])
            _ = try fails(units)
            if culprit.count != units.count { _ = try fails(culprit) }
            return result(.culprit(culprit))
        } catch Stop.flaky(let state, let seen) {
            return result(.flaky(state: state, answers: seen))
        } catch Stop.interrupted(let signal) {
            return result(.interrupted(signal))
        }
    }
}
