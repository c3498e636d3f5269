import FeatureFlagsTestSupport
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
import TestHelpers
import TestTraits
#endif

extension Tmux {
    /// The real menu in tmux under abuse (issue 9, part 5): resize storms, a 1x1 terminal, a huge
    /// paste, a dumb terminal, a closed standard input, and termination signals at awkward moments.
    /// Whatever happens, the process ends as expected and the terminal is left usable.
    @Suite("Terminal abuse (tmux)", .serialized, .enabled(if: TmuxSession.isAvailable, "tmux is not installed; skipping the terminal abuse tests"))
    struct TerminalAbuseTests {
        let folder = TemporaryDirectory()
        var environment: [String: String] {
            ["FLAGS_STORE": folder.file("store/prefs.sqlite"), "XDG_STATE_HOME": folder.file("state")]
        }
        var flags: String { "'\(BuiltProgram.flags)'" }
        static let menuShown = "Feature Flags (11)"

        // MARK: - Helpers

        /// A pane with a shell in which `flags menu` was typed; waits for the menu when `waitForMenu`.
        func startMenu(columns: Int = 100, rows: Int = 30, waitForMenu: Bool = true) throws -> TmuxSession {
            let tmux = try TmuxSession(columns: columns, rows: rows, environment: environment)
            do {
                try tmux.typeLine("\(flags) menu")
                if waitForMenu { try tmux.waitFor(timeout: 10, "the menu") { $0.contains(Self.menuShown) } }
            } catch {
                tmux.kill()
                throw error
            }
            return tmux
        }

        /// The pid of the running `flags` once it has exec'd (not the shell's fork before it).
        func menuPID(_ tmux: TmuxSession, timeout: Double = 10) throws -> Int32 {
            let deadline = Date().addingTimeInterval(timeout)
            while Date() < deadline {
                for pid in try tmux.childrenOfShell() {
                    let exe = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/exe")) ?? ""
                    if exe.hasSuffix("/flags") { return pid }
                }
                usleep(2_000)
            }
            throw TmuxSession.Failure("flags never started in the pane")
        }

        /// Waits until the menu process has ended and the shell shows its prompt again.
        func waitForExit(_ tmux: TmuxSession, pid: Int32?, timeout: Double = 10) throws {
            let deadline = Date().addingTimeInterval(timeout)
            while Date() < deadline {
                let gone = pid.map { Foundation.kill($0, 0) == -1 && errno == ESRCH } ?? true
                if gone, try tmux.childrenOfShell().isEmpty { return }
                usleep(20_000)
            }
            throw TmuxSession.Failure("the menu did not exit within \(timeout) s; the screen:\n\(try tmux.screen())")
        }

        /// Waits until the screen stops changing for a second: tmux on a busy machine can pause a
        /// paste for a few hundred milliseconds and then go on, and a rest of it landing after the
        /// wait would garble the shell line the test reads the exit status from.
        func waitForQuietScreen(_ tmux: TmuxSession, timeout: Double = 30) throws {
            let deadline = Date().addingTimeInterval(timeout)
            var last = try tmux.screen()
            var quietSince = Date()
            while Date() < deadline {
                usleep(50_000)
                let screen = try tmux.screen()
                if screen != last {
                    last = screen
                    quietSince = Date()
                } else if Date().timeIntervalSince(quietSince) >= 1 {
                    return
                }
            }
        }

        /// Runs `echo $?` and `stty -a` in the pane's shell and returns both.
        func shellState(_ tmux: TmuxSession) throws -> (status: String, stty: [String]) {
            let statusFile = folder.file("status-\(UUID().uuidString).txt"), sttyFile = folder.file("stty-\(UUID().uuidString).txt")
            try tmux.typeLine("echo $? > \(statusFile); stty -a > \(sttyFile).tmp; mv \(sttyFile).tmp \(sttyFile)")
            let deadline = Date().addingTimeInterval(10)
            while !FileManager.default.fileExists(atPath: sttyFile) && Date() < deadline { usleep(20_000) }
            let status = (try? String(contentsOfFile: statusFile, encoding: .utf8)) ?? "none"
            let stty = (try? String(contentsOfFile: sttyFile, encoding: .utf8)) ?? ""
            return (status.trimmingCharacters(in: .whitespacesAndNewlines),
                    stty.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == ";" }).map(String.init))
        }

        /// The shell reports `status` and the terminal is back in canonical mode with echo.
        func expectCleanExit(_ tmux: TmuxSession, status: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
            let state = try shellState(tmux)
            #expect(state.status == status, "exit status", sourceLocation: sourceLocation)
            #expect(state.stty.contains("icanon") && state.stty.contains("echo") && state.stty.contains("isig"),
                    "stty -a: \(state.stty.joined(separator: " "))", sourceLocation: sourceLocation)
            #expect(!state.stty.contains("-icanon") && !state.stty.contains("-echo"), sourceLocation: sourceLocation)
        }

        /// Quits with `q` and checks status 0 and a usable terminal.
        func quit(_ tmux: TmuxSession, sourceLocation: SourceLocation = #_sourceLocation) throws {
            let pid = try menuPID(tmux)
            try tmux.send("q")
            try waitForExit(tmux, pid: pid)
            try expectCleanExit(tmux, status: "0", sourceLocation: sourceLocation)
        }

        /// Pastes `text` into the pane in one go, as a terminal paste does.
        func paste(_ text: String, into tmux: TmuxSession) throws {
            let file = folder.file("paste-\(UUID().uuidString).txt")
            try text.write(toFile: file, atomically: true, encoding: .utf8)
            try tmux.run(["load-buffer", "-b", "abuse", file])
            try tmux.run(["paste-buffer", "-d", "-b", "abuse", "-t", "menu"])
        }

        /// 10,000 keys of navigation, filtering, toggles, help and section jumps, ending in the filter "promo".
        static let burst: String = {
            let unit = "jjjkk gG/ord\u{7F}\u{7F}x\u{1B}\u{1B}?j\tkJ"   // never q, R, s, p or c
            let body = String(String(repeating: unit, count: 500).unicodeScalars.prefix(10_000 - 9).map(Character.init))
            // Three Escapes end whatever the cut left open (filter, help), then the filter is typed.
            return body + "\u{1B}\u{1B}\u{1B}/promo"
        }()

        // MARK: - Sizes

        @Test func aBurstOfAHundredResizesLeavesAWorkingMenu() throws {
            let tmux = try startMenu()
            defer { tmux.kill() }
            for index in 0 ..< 100 {
                try tmux.resize(columns: 1 + (index * 37) % 180, rows: 1 + (index * 13) % 60)
            }
            try tmux.resize(columns: 90, rows: 24)
            try tmux.waitFor(timeout: 10, "the menu at 90x24") { screen in
                screen.contains(Self.menuShown) && !screen.contains("too small") && screen.split(separator: "\n").count <= 24
            }
            try tmux.send("j")
            try tmux.waitFor(timeout: 5, "the selection to move") { $0.contains("2/") }
            try quit(tmux)
        }

        @Test func aOneByOneTerminalIsSurvived() throws {
            let tmux = try startMenu()
            defer { tmux.kill() }
            let pid = try menuPID(tmux)
            try tmux.resize(columns: 1, rows: 1)
            try tmux.waitFor(timeout: 5, "the 1x1 pane") { $0.trimmingCharacters(in: .whitespacesAndNewlines).count <= 1 }
            try tmux.send("j", "?", "Escape", "j")     // keys at 1x1 too
            try tmux.resize(columns: 2, rows: 1)
            try tmux.resize(columns: 1, rows: 3)
            try tmux.resize(columns: 100, rows: 30)
            // The same lines as before the squeeze: the section title is back on top.
            try tmux.waitFor(timeout: 10, "the menu again") { $0.contains(Self.menuShown) && !$0.contains("too small") }
            #expect(Foundation.kill(pid, 0) == 0, "the same menu process is still running")
            try quit(tmux)
        }

        // MARK: - Input

        @Test func tenThousandPastedKeysAreAllHandled() throws {
            #expect(Self.burst.unicodeScalars.count == 10_000)
            let tmux = try startMenu()
            defer { tmux.kill() }
            try paste(Self.burst, into: tmux)
            // The paste ends by typing the filter "promo": seeing it means every key before it was
            // read. The deadline is one only a hang misses; how fast keys drain is flags-bench's.
            try tmux.waitFor(timeout: 120, "the end of the paste") { $0.contains("/promo") && $0.contains("Promo Banner") }
            try tmux.send("Escape", "Escape")
            try tmux.waitFor(timeout: 5, "the whole menu") { $0.contains(Self.menuShown) }
            try quit(tmux)
        }

        @Test func aDumbTerminalIsRefusedAndLeftAlone() throws {
            let tmux = try TmuxSession(environment: environment)
            defer { tmux.kill() }
            try tmux.typeLine("TERM=dumb \(flags) menu")
            try tmux.waitFor(timeout: 5, "the refusal") { $0.contains("cannot draw on terminal type 'dumb'") }
            try expectCleanExit(tmux, status: "2")
            #expect(!FileManager.default.fileExists(atPath: folder.file("store/prefs.sqlite")), "refused before opening the store")
        }

        @Test func aClosedStandardInputIsRefused() throws {
            let tmux = try TmuxSession(environment: environment)
            defer { tmux.kill() }
            try tmux.typeLine("\(flags) menu <&-")
            try tmux.waitFor(timeout: 5, "the refusal") { $0.contains("standard input is not a tty") }
            try expectCleanExit(tmux, status: "2")
            let screen = try tmux.screen()
            #expect(!screen.contains("Fatal error") && !screen.contains("Segmentation") && !screen.contains("Trace"), "\(screen)")
        }

        // MARK: - Signals

        enum Moment: String, CaseIterable, CustomStringConvertible {
            case rightAfterStart, duringPaste, helpOpen, presetPromptOpen
            var description: String { rawValue }
        }

        @Test(arguments: [
            (SIGTERM, Moment.rightAfterStart), (SIGHUP, .rightAfterStart), (SIGINT, .rightAfterStart),
            (SIGTERM, .duringPaste), (SIGINT, .duringPaste), (SIGHUP, .duringPaste),
            (SIGHUP, .helpOpen), (SIGTERM, .helpOpen), (SIGINT, .presetPromptOpen),
        ])
        func aSignalEndsTheMenuWithItsStatusAndATerminalThatWorks(signal: Int32, moment: Moment) throws {
            let tmux = try startMenu(waitForMenu: moment != .rightAfterStart)
            defer { tmux.kill() }
            let pid = try menuPID(tmux)
            switch moment {
            case .rightAfterStart:
                break
            case .duringPaste:
                try paste(Self.burst, into: tmux)
            case .helpOpen:
                try tmux.send("?")
                try tmux.waitFor(timeout: 5, "the help") { $0.contains(" Keys ") && $0.contains("show this help") }
            case .presetPromptOpen:
                try tmux.send("s")
                try tmux.waitFor(timeout: 5, "the prompt") { $0.contains("Save preset as:") }
            }
            #expect(Foundation.kill(pid, signal) == 0)
            try waitForExit(tmux, pid: pid)
            if moment == .duringPaste {
                // The menu discards what it had not read, but tmux may still be writing the rest of
                // the paste into the pane: let it finish, then erase it from the shell's line (Ctrl-U).
                try waitForQuietScreen(tmux)
                try tmux.send("C-u")
            }
            try expectCleanExit(tmux, status: "\(128 + signal)")
        }

        /// The terminal goes away (the tmux server is killed) while the menu runs with SIGHUP
        /// blocked, as it is when a parent started it from a thread that blocks signals: the menu must
        /// end, not spin on reads that fail at once (a benchmark run once left such a menu at 93% CPU).
        @Test func menuEndsWhenItsTerminalGoesAwayEvenWithHangUpBlocked() throws {
            let tmux = try TmuxSession(environment: environment)
            defer { tmux.kill() }
            let blockHangUp = "import os, signal, sys; signal.pthread_sigmask(signal.SIG_BLOCK, [signal.SIGHUP]); os.execv(sys.argv[1], sys.argv[1:])"
            try tmux.typeLine("python3 -c '\(blockHangUp)' \(BuiltProgram.flags) menu")
            try tmux.waitFor(timeout: 10, "the menu") { $0.contains(Self.menuShown) }
            let pid = try menuPID(tmux)
            tmux.kill()
            let deadline = Date().addingTimeInterval(5)
            while Foundation.kill(pid, 0) == 0 && Date() < deadline { usleep(20_000) }
            let stillRunning = Foundation.kill(pid, 0) == 0
            if stillRunning { Foundation.kill(pid, SIGKILL) }
            #expect(!stillRunning, "the menu kept running after its terminal was gone")
        }
    }
}
