#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif
import Formats
import Prefs
import FeatureFlags

/// Remembers the overrides in force before `flags matrix` (or `flags bisect`) started changing
/// them, inside the store, so they come back afterwards: at the end, on Ctrl-C, or — if the
/// process was killed — on the next `flags` command or `flags matrix --recover`.
///
/// A bisection also changes preferences, so its journal (`includingPreferences`) puts them back
/// too; the record names the command that wrote it, for the notes and the history of a recovery.
///
/// ```swift
/// let journal = MatrixJournal(environment: environment)
/// try journal.begin()        // saves the current overrides and this process id
/// defer { try? journal.restore() }
/// ```
public struct MatrixJournal: Sendable {
    static let key = "matrix.savedState"
    public let environment: FlagsEnvironment

    public init(environment: FlagsEnvironment) {
        self.environment = environment
    }

    /// Saves the current state and the matrix's process id. Refuses when another matrix that is
    /// still running holds the journal.
    public func begin(command: String = "flags matrix", includingPreferences: Bool = false) throws {
        if let pid = ownerPID, Self.isAlive(pid), pid != getpid() {
            throw MatrixInProgressError(pid: pid, command: ownerCommand)
        }
        if pending { try restore() }
        let saved = SavedFlagState.capture(from: environment)
        var record: [String: JSONValue] = ["pid": .int(Int(getpid())), "state": saved.json, "command": .string(command)]
        if includingPreferences { record["preferences"] = .bool(true) }
        try environment.prefs.setString(JSONValue.object(record).compactText, forKey: Self.key)
    }

    /// Whether a journal is waiting to be restored.
    public var pending: Bool { environment.prefs.stringForKey(Self.key) != nil }

    /// The process that wrote the journal.
    public var ownerPID: Int32? {
        guard let text = environment.prefs.stringForKey(Self.key), let json = try? JSONParser.parse(text) else { return nil }
        return json["pid"]?.intValue.map(Int32.init)
    }

    /// The command that wrote the journal (`flags matrix`, `flags bisect`).
    public var ownerCommand: String {
        guard let text = environment.prefs.stringForKey(Self.key), let json = try? JSONParser.parse(text) else { return "flags matrix" }
        return json["command"]?.stringValue ?? "flags matrix"
    }

    /// Whether the journal was left behind by a matrix that is no longer running.
    public var isAbandoned: Bool {
        guard pending else { return false }
        guard let pid = ownerPID else { return true }
        return !Self.isAlive(pid)
    }

    /// `restore()` for a matrix that did not finish (killed, or its machine went down), by the
    /// command that found its journal: the history records the change as the matrix's recovery,
    /// not as a change of that command (a `flags list` that set overrides back).
    @discardableResult
    public func recover() throws -> Bool {
        let prefs = environment.prefs
        let author = prefs.changeAuthor
        prefs.changeAuthor = ownerCommand + " (recovery" + (ownerPID.map { " of process \($0)" } ?? "") + ")"
        defer { prefs.changeAuthor = author }
        return try restore()
    }

    /// Puts the saved overrides back (exactly: overrides set during the matrix are removed) and
    /// drops the journal, in one transaction. Returns whether there was anything to restore.
    @discardableResult
    public func restore() throws -> Bool {
        guard let text = environment.prefs.stringForKey(Self.key) else { return false }
        let json = try JSONParser.parse(text, file: "the matrix journal")
        let state = try SavedFlagStateReader(registry: environment.registry).read(json["state"] ?? .null, file: "the matrix journal")
        if json["preferences"] == .bool(true) {
            try environment.prefs.apply(state.exactChanges(for: environment) + [.remove(Self.key)])
            return true
        }
        var overridesOnly = state
        overridesOnly.userPreferences = [:]
        overridesOnly.typedPreferences = [:]
        try environment.prefs.apply(overridesOnly.changes(for: environment, replacing: true) + [.remove(Self.key)])
        return true
    }

    static func isAlive(_ pid: Int32) -> Bool {
        kill(pid, 0) == 0 || errno == EPERM
    }
}
