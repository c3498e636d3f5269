#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Platform

/// Runs the command under test of `flags matrix` and `flags bisect` once per state: through
/// `env` (which finds it on `PATH` and says so when it cannot), in a process group of its own,
/// with an optional time limit and retries, its output shown on standard error and kept for a
/// report.
///
/// A failed run is run again up to `retries` times; one that then passes is `.flaky`, never
/// `.passed`, since the same state gave both answers.
///
/// ```swift
/// let runner = CommandRunner(command: ["swift", "test"], timeout: 600, retries: 1)
/// let run = try runner.run(environment: ["FLAGS_COMBINATION": "a=on"], shouldStop: { watcher.caught })
/// run.outcome   // .passed, .failed("exit 1"), .flaky("exit 1"), .timedOut(seconds: 600)
/// ```
public struct CommandRunner: Sendable {
    /// What one state's run gave.
    public struct Run: Sendable {
        public var outcome: RunOutcome
        /// Seconds of all its attempts.
        public var seconds: Double
        public var attempts: Int
        /// The last output of the command (of its last failed attempt when there was one), as
        /// text; invalid UTF-8 replaced.
        public var output: String

        public init(outcome: RunOutcome, seconds: Double, attempts: Int = 1, output: String = "") {
            self.outcome = outcome
            self.seconds = seconds
            self.attempts = attempts
            self.output = output
        }
    }

    public var command: [String]
    public var timeout: Double?
    public var retries: Int
    /// Whether the command's output is copied to standard error while it runs.
    public var echo: Bool

    public init(command: [String], timeout: Double? = nil, retries: Int = 0, echo: Bool = true) {
        precondition(!command.isEmpty, "a command to run")
        self.command = command
        self.timeout = timeout
        self.retries = max(0, retries)
        self.echo = echo
    }

    /// Runs the command with this process's environment and `environment` on top.
    public func run(environment: [String: String], shouldStop: () -> Int32? = { nil }) throws -> Run {
        let childEnvironment = ProcessInfo.processInfo.environment.merging(environment) { _, given in given }
        var seconds = 0.0
        var firstFailure: RunOutcome?
        var failedOutput = ""
        for attempt in 1...(retries + 1) {
            let result: SupervisedChild.Result
            do {
                result = try SupervisedChild.run(["/usr/bin/env"] + command, environment: childEnvironment, timeout: timeout,
                                                 echo: echo, shouldStop: shouldStop)
            } catch {
                throw CommandRunnerError(message: "cannot run \(command[0]): \(error)")
            }
            seconds += result.seconds
            let output = String(decoding: result.output, as: UTF8.self)
            let outcome: RunOutcome
            if let signal = result.stoppedBy ?? shouldStop() {
                outcome = .interrupted(signal)
            } else if result.timedOut, let timeout {
                outcome = .timedOut(seconds: timeout)
            } else {
                switch result.ending {
                case .exited(0): outcome = .passed
                // env's own answer when the command is not on PATH: a usage error, not a failing test.
                case .exited(127) where attempt == 1 && Self.isNotFound(output):
                    throw CommandRunnerError(message: "cannot run \(command[0]): no such command on PATH")
                case .exited(let status): outcome = .failed("exit \(status)")
                case .killed(let signal): outcome = .failed("killed by signal \(signal)")
                }
            }
            switch outcome {
            case .passed:
                let final: RunOutcome = firstFailure.map { .flaky(Self.reason($0)) } ?? .passed
                return Run(outcome: final, seconds: seconds, attempts: attempt, output: firstFailure == nil ? output : failedOutput)
            case .interrupted:
                return Run(outcome: outcome, seconds: seconds, attempts: attempt, output: output)
            default:
                firstFailure = firstFailure ?? outcome
                failedOutput = output
            }
        }
        return Run(outcome: firstFailure ?? .failed("no attempt"), seconds: seconds, attempts: retries + 1, output: failedOutput)
    }

    private static func reason(_ outcome: RunOutcome) -> String {
        switch outcome {
        case .failed(let why): why
        case .timedOut(let seconds): "timed out after \(RunOutcome.secondsText(seconds)) s"
        default: outcome.text
        }
    }

    private static func isNotFound(_ output: String) -> Bool {
        output.hasPrefix("/usr/bin/env: ") && output.contains("No such file or directory")
    }
}

/// The command under test could not be started.
public struct CommandRunnerError: Error, CustomStringConvertible, Sendable {
    public var message: String
    public var description: String { message }
}
