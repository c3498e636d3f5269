/// How one run of a command under test ended, as `flags matrix` and `flags bisect` report it and
/// the JUnit and HTML reports show it.
///
/// ```swift
/// RunOutcome.failed("exit 1").text                  // "fail (exit 1)"
/// RunOutcome.flaky("exit 1").text                   // "flaky (fail (exit 1), then pass)"
/// RunOutcome.timedOut(seconds: 5).text              // "fail (timed out after 5 s)"
/// ```
public enum RunOutcome: Equatable, Sendable {
    case passed
    /// It failed, for the reason given ("exit 1", "killed by signal 11").
    case failed(String)
    /// It failed (for the reason given), then passed when run again: the same state gave both answers.
    case flaky(String)
    /// It ran past the time limit and its process group was ended.
    case timedOut(seconds: Double)
    /// The user stopped it (Ctrl-C, SIGTERM) with this signal.
    case interrupted(Int32)

    /// The word of a JSON result: pass, fail, flaky, timeout or interrupted.
    public var name: String {
        switch self {
        case .passed: "pass"
        case .failed: "fail"
        case .flaky: "flaky"
        case .timedOut: "timeout"
        case .interrupted: "interrupted"
        }
    }

    public var text: String {
        switch self {
        case .passed: "pass"
        case .failed(let why): "fail (\(why))"
        case .flaky(let why): "flaky (fail (\(why)), then pass)"
        case .timedOut(let seconds): "fail (timed out after \(Self.secondsText(seconds)) s)"
        case .interrupted(let signal): "interrupted (signal \(signal))"
        }
    }

    /// Whether the run counts as a failure of the command (a time-out does; flaky is neither).
    public var isFailure: Bool {
        switch self {
        case .failed, .timedOut: true
        case .passed, .flaky, .interrupted: false
        }
    }

    /// Whether the run says the command fails in its state (true), passes (false), or neither
    /// (nil: flaky or interrupted), for finding what failing runs have in common.
    public var decidesFailure: Bool? {
        switch self {
        case .passed: false
        case .failed, .timedOut: true
        case .flaky, .interrupted: nil
        }
    }

    /// Reads `name` and `text` back, as a result file of `flags matrix --shard` holds them.
    public init(name: String, text: String) {
        func inner(_ prefix: String) -> String {
            text.hasPrefix(prefix) && text.hasSuffix(")") ? String(text.dropFirst(prefix.count).dropLast()) : text
        }
        switch name {
        case "pass": self = .passed
        case "interrupted": self = .interrupted(Int32(text.filter(\.isNumber)) ?? 0)
        case "flaky": self = .flaky(inner("flaky (fail (").replacingSuffix("), then pass", with: ""))
        case "timeout": self = .timedOut(seconds: Double(inner("fail (timed out after ").replacingSuffix(" s", with: "")) ?? 0)
        default: self = .failed(inner("fail ("))
        }
    }

    static func secondsText(_ seconds: Double) -> String {
        seconds == seconds.rounded() && seconds < 1e9 ? String(Int(seconds)) : String((seconds * 100).rounded() / 100)
    }
}

private extension String {
    func replacingSuffix(_ suffix: String, with replacement: String) -> String {
        hasSuffix(suffix) ? String(dropLast(suffix.count)) + replacement : self
    }
}
