import FeatureFlagsTestSupport
import FlagsTool
import Foundation
import Testing

@Suite struct CommandRunnerTests {
    let folder = TemporaryDirectory()

    @Test func passFailAndTheOutputKept() throws {
        let pass = try CommandRunner(command: ["sh", "-c", "echo hello; echo oops >&2"], echo: false).run(environment: [:])
        #expect(pass.outcome == .passed && pass.output == "hello\noops\n")
        let fail = try CommandRunner(command: ["sh", "-c", "echo \"$WHO\"; exit 3"], echo: false).run(environment: ["WHO": "me"])
        #expect(fail.outcome == .failed("exit 3") && fail.output == "me\n")
    }

    @Test func aTimeOutEndsTheWholeProcessGroup() throws {
        let marker = folder.file("grandchild.pid")
        let started = Date()
        let run = try CommandRunner(command: ["sh", "-c", "sleep 30 & echo $! > \(marker); wait"], timeout: 0.5, echo: false).run(environment: [:])
        #expect(run.outcome == .timedOut(seconds: 0.5))
        #expect(run.outcome.text == "fail (timed out after 0.5 s)")
        #expect(Date().timeIntervalSince(started) < 10)
        let pid = try #require(Int32(try String(contentsOfFile: marker, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
        usleep(100_000)
        #expect(kill(pid, 0) != 0 || Self.isZombie(pid), "the sleep the shell started was ended too")
    }

    /// A process that ended but whose parent has not reaped it yet still answers `kill(pid, 0)`.
    static func isZombie(_ pid: Int32) -> Bool {
        let status = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
        return status.split(separator: ")").last?.split(separator: " ").first == "Z"
    }

    @Test func aPassOnRetryIsFlakyAndRetriesStopAtThePass() throws {
        let counter = folder.file("count")
        let script = "n=$(cat \(counter) 2>/dev/null || echo 0); n=$((n+1)); echo $n > \(counter); test $n -ge 2"
        let run = try CommandRunner(command: ["sh", "-c", script], retries: 3, echo: false).run(environment: [:])
        #expect(run.outcome == .flaky("exit 1") && run.attempts == 2)
        let always = try CommandRunner(command: ["false"], retries: 2, echo: false).run(environment: [:])
        #expect(always.outcome == .failed("exit 1") && always.attempts == 3)
    }

    @Test func aCommandNotOnPathIsAnError() {
        #expect(throws: CommandRunnerError.self) {
            _ = try CommandRunner(command: ["no-such-command-here"], echo: false).run(environment: [:])
        }
    }

    @Test func outcomesReadBackFromTheirWords() {
        for outcome: RunOutcome in [.passed, .failed("exit 1"), .flaky("killed by signal 9"), .timedOut(seconds: 5), .timedOut(seconds: 0.25), .interrupted(15)] {
            #expect(RunOutcome(name: outcome.name, text: outcome.text) == outcome, "\(outcome)")
        }
    }
}
