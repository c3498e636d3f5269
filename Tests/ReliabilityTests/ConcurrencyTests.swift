import FeatureFlagsTestSupport
import Foundation
import Prefs
import Testing
import TestHelpers
import TestTraits

extension Slow {
    /// Several processes writing and reading one store at once: no lost update, no torn transaction,
    /// and no SQLITE_BUSY reaching anyone.
    @Suite struct ConcurrencyTests {
        let folder = TemporaryDirectory()

        /// 4 writers × 400 transactions, 2 readers, all starting together on a store that does not
        /// exist yet (so they also race to create it). The Prefs API has no read-modify-write
        /// primitive across processes, so shared keys check what it does promise: every `apply` is
        /// atomic (readers never see s0, s1, s2 disagree) and none fails with SQLITE_BUSY.
        @Test func fourWritersAndTwoReadersLoseNothing() throws {
            let store = folder.file("store/prefs.sqlite")
            let stop = folder.file("stop")
            let writers = 4, count = 400
            let readers = try (0..<2).map { _ in try BuiltProgram.start(BuiltProgram.path(of: "prefs-torture"), ["read", store, stop]) }
            let started = try (0..<writers).map { try BuiltProgram.start(BuiltProgram.path(of: "prefs-torture"), ["race", store, "\($0)", "\(count)"]) }
            let results = started.map { BuiltProgram.finish($0.0, $0.1, $0.2) }
            #expect(FileManager.default.createFile(atPath: stop, contents: nil))
            let readerResults = readers.map { BuiltProgram.finish($0.0, $0.1, $0.2) }

            for (writer, result) in results.enumerated() {
                #expect(result.status == 0, "writer \(writer): \(result.errors)")
                #expect(!result.errors.lowercased().contains("locked") && !result.errors.lowercased().contains("busy"), "\(result.errors)")
            }
            for result in readerResults {
                #expect(result.status == 0, "reader: \(result.errors)")
                #expect(result.output.hasPrefix("reads "))
            }

            // Distinct keys: what a serial run gives. Writer w toggled key k (j % 7 == k) once per such j.
            let entries = try SQLitePrefs(path: store).allEntries().mapValues(\.value)
            for writer in 0..<writers {
                #expect(entries["w\(writer)count"] == .int(count), "writer \(writer)'s counter lost an update")
                for key in 0..<7 {
                    let toggles = (0..<count).filter { $0 % 7 == key }.count
                    #expect(entries["w\(writer)k\(key)DebugKey"] == .bool(toggles % 2 == 1), "w\(writer)k\(key)DebugKey")
                }
            }
            // Shared keys: one writer's last transaction, whole.
            let shared = ["s0", "s1", "s2"].map { entries[$0] }
            #expect(Set(shared).count == 1)
            #expect((0..<writers).map { PrefValue.string("w\($0):\(count - 1)") }.contains(shared[0] ?? .int(0)))
            let reads = readerResults.compactMap { Int($0.output.split(separator: " ").last?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "") }
            print("concurrency: \(writers) writers × \(count) transactions, \(reads.reduce(0, +)) reader snapshots checked, no torn read, no busy error")
        }

        /// The real `flags` binary: 4 workers each run 11 `flags set` (and a `get --json`) in a row on
        /// their own flag, all at once, starting with no store. Every command must exit 0.
        @Test func concurrentFlagsCommandsAllSucceed() throws {
            let environment = ["FLAGS_STORE": folder.file("store/prefs.sqlite"), "XDG_STATE_HOME": folder.file("state")]
            let flags = ["allergenInfo", "darkKitchen", "loyaltyCard", "promoBanner"]
            let failures = FailureList()
            DispatchQueue.concurrentPerform(iterations: flags.count) { worker in
                for round in 0..<11 {
                    for arguments in [["set", flags[worker], round % 2 == 0 ? "on" : "off"], ["get", flags[worker], "--json"]] {
                        guard let result = try? BuiltProgram.run(BuiltProgram.path(of: "flags"), arguments, environment: environment) else {
                            failures.append("could not start flags")
                            continue
                        }
                        if result.status != 0 || result.errors.lowercased().contains("locked") {
                            failures.append("flags \(arguments.joined(separator: " ")) → \(result.status): \(result.errors)")
                        }
                    }
                }
            }
            #expect(failures.all.isEmpty, "\(failures.all.prefix(5))")
            let prefs = try SQLitePrefs(path: environment["FLAGS_STORE"]!)
            for flag in flags { #expect(prefs.boolForKey(flag + "DebugKey") == true, "\(flag): the last `set` (round 10) was on") }
        }
    }
}
