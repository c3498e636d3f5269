import Foundation
import Testing
import Platform

@Suite struct SupervisedChildTests {
    @Test func keepsTheLastOutputOfBothStreams() throws {
        let result = try SupervisedChild.run(["/bin/sh", "-c", "echo out; echo err >&2; exit 2"], environment: [:], echo: false)
        #expect(result.ending == .exited(2) && !result.timedOut && result.stoppedBy == nil)
        #expect(String(decoding: result.output, as: UTF8.self) == "out\nerr\n")
        let long = try SupervisedChild.run(["/bin/sh", "-c", "yes abc | head -c 100000; echo END"], environment: [:], outputLimit: 1000, echo: false)
        #expect(long.output.count == 1000 && String(decoding: long.output, as: UTF8.self).hasSuffix("END\n"))
    }

    @Test func runsInAProcessGroupOfItsOwn() throws {
        let result = try SupervisedChild.run(["/bin/sh", "-c", "ps -o pgid= -p $$"], environment: ["PATH": "/usr/bin:/bin"], echo: false)
        let group = Int32(String(decoding: result.output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
        #expect(group != nil && group != getpgrp())
    }

    @Test func aTimeOutEndsTheGroupEvenWhenTheCommandIgnoresSIGTERM() throws {
        let started = Date()
        let result = try SupervisedChild.run(["/bin/sh", "-c", "trap '' TERM; sleep 30 & wait; sleep 30"], environment: [:], timeout: 0.3, echo: false)
        #expect(result.timedOut && result.ending == .killed(signal: SIGKILL))
        #expect(Date().timeIntervalSince(started) < SupervisedChild.gracePeriod + 5)
    }

    @Test func aStopIsPassedToTheGroup() throws {
        let started = Date()
        let result = try SupervisedChild.run(["/bin/sh", "-c", "sleep 30"], environment: [:], echo: false,
                                             shouldStop: { Date().timeIntervalSince(started) > 0.2 ? SIGINT : nil })
        #expect(result.stoppedBy == SIGINT && result.ending == .killed(signal: SIGINT))
    }
}
