import Foundation
import Testing
import Platform

@Suite struct ChildProcessTests {
    @Test func reportsTheExitStatus() throws {
        #expect(try ChildProcess.run(["/bin/sh", "-c", "exit 0"], environment: [:]) == .exited(0))
        #expect(try ChildProcess.run(["/bin/sh", "-c", "exit 3"], environment: [:]) == .exited(3))
    }

    @Test func reportsTheSignalThatKilledIt() throws {
        #expect(try ChildProcess.run(["/bin/sh", "-c", "kill -TERM $$"], environment: [:]) == .killed(signal: SIGTERM))
    }

    @Test func passesExactlyTheEnvironmentGiven() throws {
        let script = #"[ "$FLAGS_COMBINATION" = "a=on,b=off" ] && [ -z "$HOME" ]"#
        #expect(try ChildProcess.run(["/bin/sh", "-c", script], environment: ["FLAGS_COMBINATION": "a=on,b=off"]) == .exited(0))
    }

    /// The matrix ignores Ctrl-C while it waits; the command it runs must still die of it.
    @Test func childStartsWithDefaultSignalsEvenWhenTheParentIgnoresThem() throws {
        signal(SIGUSR1, SIG_IGN)
        defer { signal(SIGUSR1, SIG_DFL) }
        #expect(try ChildProcess.run(["/bin/sh", "-c", "kill -USR1 $$; exit 0"], environment: [:]) == .killed(signal: SIGUSR1))
    }

    /// A descriptor the parent left open without close-on-exec (a store's temporary file, say)
    /// is not handed to the command.
    @Test func theChildInheritsNoDescriptorButTheStandardOnes() throws {
        let descriptor = open("/dev/null", O_RDONLY)
        #expect(descriptor > 2)
        defer { close(descriptor) }
        #expect(try ChildProcess.run(["/bin/sh", "-c", "[ -e /proc/self/fd/0 ] && [ ! -e /proc/self/fd/\(descriptor) ]"],
                                     environment: [:]) == .exited(0))
    }

    @Test func aMissingProgramIsAnErrorInTheSystemsWords() {
        #expect {
            try ChildProcess.run(["/nonexistent/program"], environment: [:])
        } throws: { error in
            (error as? ChildProcess.SpawnError)?.description == "No such file or directory"
        }
    }
}
