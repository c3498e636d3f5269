// prefs-torture: a store writer and reader for the reliability tests (issue 9), depending only on
// Prefs. It is killed with SIGKILL at random moments and raced against copies of itself; every
// line it prints is written with one write(2) call *after* the transaction it reports returned,
// so whatever a killed writer printed was really committed.
//
//   prefs-torture toggle STORE SEED KEY...   toggle 1-3 of KEYs per transaction until killed
//   prefs-torture race STORE WRITER COUNT    COUNT transactions on distinct and shared keys
//   prefs-torture read STORE STOPFILE        read until STOPFILE exists, checking atomicity
import Foundation
import Prefs

/// Prints one complete line with a single write(2), so a SIGKILL never leaves half a report.
func emit(_ text: String) {
    FileHandle.standardOutput.write(Data(text.utf8))
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("prefs-torture: \(message)\n".utf8))
    exit(1)
}

/// A small seeded generator (SplitMix64), so a failing run can be repeated from its seed.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

func openStore(_ path: String) -> SQLitePrefs {
    do { return try SQLitePrefs(path: path) } catch { fail("\(error)") }
}

/// Toggles overrides until killed. Each transaction also writes `sequence`, its number, so the
/// test can tell exactly which transaction the store ends on. Before a transaction it prints
/// `begin <seq> <key>=<value>...`; after `apply` returned, `committed <key> <value>` per key.
func toggle(store: String, seed: UInt64, keys: [String]) -> Never {
    let prefs = openStore(store)
    var random = SplitMix64(state: seed)
    var sequence = prefs.intForKey("sequence") ?? 0
    while true {
        sequence += 1
        let chosen = Array(keys.shuffled(using: &random).prefix(Int.random(in: 1...3, using: &random))).sorted()
        let changes = chosen.map { key in (key, !(prefs.boolForKey(key) ?? false)) }
        emit("begin \(sequence) " + changes.map { "\($0.0)=\($0.1)" }.joined(separator: " ") + "\n")
        do {
            try prefs.apply(changes.map { .set($0.0, .bool($0.1)) } + [.set("sequence", .int(sequence))])
        } catch {
            fail("\(error)")
        }
        emit(changes.map { "committed \($0.0) \($0.1)\n" }.joined() + "committed sequence \(sequence)\n")
    }
}

/// Writer `writer` of a race: `count` transactions, each toggling one of its own keys
/// (`w<writer>k<j % 7>DebugKey`, read-modify-write: only this writer touches them), setting its
/// counter `w<writer>count` to j+1, and setting the shared keys s0, s1, s2 all to `w<writer>:<j>`.
func race(store: String, writer: Int, count: Int) {
    let prefs = openStore(store)
    for j in 0..<count {
        let key = "w\(writer)k\(j % 7)DebugKey"
        let tag = "w\(writer):\(j)"
        do {
            try prefs.apply([
                .set(key, .bool(!(prefs.boolForKey(key) ?? false))),
                .set("w\(writer)count", .int(j + 1)),
                .set("s0", .string(tag)), .set("s1", .string(tag)), .set("s2", .string(tag)),
            ])
        } catch {
            fail("writer \(writer), transaction \(j): \(error)")
        }
    }
    emit("done \(writer) \(count)\n")
}

/// Reads until `stopFile` exists. Every snapshot must show s0 = s1 = s2 (a transaction is never
/// seen half-applied) and no writer's counter may go backwards.
func read(store: String, stopFile: String) {
    let prefs = openStore(store)
    var reads = 0
    var counters: [String: Int] = [:]
    while !FileManager.default.fileExists(atPath: stopFile) || reads == 0 {
        let entries = prefs.allEntries()
        let shared = ["s0", "s1", "s2"].map { entries[$0]?.value.stringValue }
        if Set(shared).count != 1 { fail("torn read after \(reads) reads: s0, s1, s2 = \(shared)") }
        for (key, entry) in entries where key.hasSuffix("count") {
            let value = entry.value.intValue ?? -1
            if value < counters[key, default: 0] { fail("\(key) went back from \(counters[key]!) to \(value)") }
            counters[key] = value
        }
        reads += 1
    }
    emit("reads \(reads)\n")
}

let arguments = CommandLine.arguments
switch (arguments.count > 1 ? arguments[1] : "", arguments.count) {
case ("toggle", 5...):
    toggle(store: arguments[2], seed: UInt64(arguments[3]) ?? 1, keys: Array(arguments[4...]))
case ("race", 5):
    race(store: arguments[2], writer: Int(arguments[3]) ?? 0, count: Int(arguments[4]) ?? 0)
case ("read", 4):
    read(store: arguments[2], stopFile: arguments[3])
default:
    fail("usage: prefs-torture toggle STORE SEED KEY... | race STORE WRITER COUNT | read STORE STOPFILE")
}
