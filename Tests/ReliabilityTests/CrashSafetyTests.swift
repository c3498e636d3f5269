import FeatureFlagsTestSupport
import Foundation
import ParserFuzzing
import Testing
@testable import Prefs
import TestHelpers
import TestTraits

extension Slow {
    /// A writer killed with SIGKILL at random moments never loses a write it reported as committed,
    /// and never leaves a store that fails to open or to pass `PRAGMA integrity_check`.
    @Suite struct CrashSafetyTests {
        let folder = TemporaryDirectory()
        static let keys = ["aDebugKey", "bDebugKey", "cDebugKey", "dDebugKey", "eDebugKey"]

        @Test func killedWritersLoseNoCommittedWrite() throws {
            let store = folder.file("store/prefs.sqlite")
            var random = SeededRandom(seed: 9)
            // What the store must hold: the state after the last transaction a writer reported.
            var expected: [String: PrefValue] = [:]
            var kills = 0, killsMidLoop = 0, transactionsChecked = 0, inFlightLanded = 0
            for round in 0..<50 {
                let (process, out, err) = try BuiltProgram.start(BuiltProgram.path(of: "prefs-torture"), ["toggle", store, "\(round + 1)"] + Self.keys)
                // Wait for the writer's first commit, so every kill lands inside its write loop however
                // slow the machine, then a random few milliseconds more.
                var output = Data()
                while !String(decoding: output, as: UTF8.self).contains("committed") {
                    let more = out.fileHandleForReading.availableData
                    if more.isEmpty { break }
                    output += more
                }
                usleep(UInt32.random(in: 0...20_000, using: &random))
                kill(process.processIdentifier, SIGKILL)
                output += out.fileHandleForReading.readDataToEndOfFile()
                _ = err.fileHandleForReading.readDataToEndOfFile()
                process.waitUntilExit()
                #expect(process.terminationReason == .uncaughtSignal, "round \(round): the writer stopped on its own")
                kills += 1

                // Replay the report: `begin` opens a transaction; its `committed` block closes it.
                var reported = expected
                var inFlight: [String: PrefValue]?
                for line in String(decoding: output, as: UTF8.self).split(separator: "\n") {
                    let words = line.split(separator: " ").map(String.init)
                    if words.first == "begin", words.count >= 3 {
                        var changes: [String: PrefValue] = ["sequence": .int(Int(words[1])!)]
                        for pair in words.dropFirst(2) {
                            let parts = pair.split(separator: "=")
                            changes[String(parts[0])] = .bool(parts[1] == "true")
                        }
                        inFlight = changes
                    } else if words.first == "committed", words.count == 3 {
                        reported[words[1]] = words[1] == "sequence" ? .int(Int(words[2])!) : .bool(words[2] == "true")
                        if words[1] == "sequence" { inFlight = nil; transactionsChecked += 1 }
                    }
                }
                if reported["sequence"] != expected["sequence"] { killsMidLoop += 1 }

                let prefs = try SQLitePrefs(path: store)
                let connection = try SQLiteConnection(path: store, create: false)
                #expect(try connection.query("PRAGMA integrity_check") == [[.text("ok")]], "round \(round)")
                let held = prefs.allEntries().mapValues(\.value)
                if held == reported {
                    expected = reported
                } else if let inFlight, held == reported.merging(inFlight, uniquingKeysWith: { $1 }) {
                    // The transaction being written when the kill came had committed, all of it.
                    expected = held
                    inFlightLanded += 1
                } else {
                    Issue.record("round \(round): the store holds \(held), but the writer reported \(reported) (in flight: \(String(describing: inFlight)))")
                    return
                }
            }
            print("crash safety: \(kills) SIGKILLs (\(killsMidLoop) after at least one commit), \(transactionsChecked) reported transactions checked, "
                  + "\(inFlightLanded) in-flight transactions found committed, integrity_check ok every time")
            #expect(killsMidLoop >= 45, "kills must land while the writer is writing")
        }
    }
}
