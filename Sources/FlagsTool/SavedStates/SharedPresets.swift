import FeatureFlags
import Formats
import RemoteSettings
import Platform
import Prefs

/// Presets shared by a QA team as the records of a Kinto (Remote Settings) collection: by
/// default bucket `flags`, collection `presets`, one record per preset, its id the preset's name.
///
/// `push` uploads a local preset; `pull` downloads one and applies it as `flags import` would, in
/// one transaction with saving it locally, or not at all. Each machine remembers (in its store,
/// outside the preferences) the version of each shared preset it last pulled or pushed, and a
/// push or remote delete is conditional on it (`If-Match`): when a colleague changed it since,
/// it is refused with a `SharedPresetConflict` listing what they changed. `force` overwrites.
/// Access is the server's permissions; credentials live in `RemoteSettingsRecords` only and
/// never reach the store.
///
/// ```swift
/// let shared = SharedPresets(presets: PresetStore(environment: environment), records: records)
/// try shared.push("checkout-on")            // after `flags preset save checkout-on`
/// try shared.pull("checkout-on")            // on another machine
/// ```
public struct SharedPresets: Sendable {
    public let presets: PresetStore
    public let records: RemoteSettingsRecords

    public init(presets: PresetStore, records: RemoteSettingsRecords) {
        self.presets = presets
        self.records = records
    }

    /// A shared preset as listed: who changed it last and when.
    public struct Listing: Sendable {
        public var name: String
        public var changedBy: String?
        /// Milliseconds since 1970.
        public var changedAt: Int
        /// Nil when the record does not read as a preset of this app.
        public var overrides: Int?
    }

    var environment: FlagsEnvironment { presets.environment }

    /// Where the version last seen of `name` is kept: a document keyed by the collection's
    /// address (no credentials in it) and the name.
    func baseKey(_ name: String) -> String { "sharedPresets " + records.recordsURL.absoluteString + " " + name }

    /// The version of `name` this machine last pulled or pushed.
    func base(_ name: String) -> (lastModified: Int, state: SavedFlagState?)? {
        guard let text = try? environment.prefs.documents(forKeys: [baseKey(name)])[baseKey(name)],
              let json = try? JSONParser.parse(text), let modified = json["lastModified"]?.intValue else { return nil }
        let state = json["state"].flatMap { try? SavedFlagStateReader(registry: environment.registry).read($0, file: "the shared preset \(name)") }
        return (modified, state)
    }

    private func baseDocument(_ record: RemoteSettingsRecord, state: SavedFlagState) -> String {
        JSONValue.object(["lastModified": .int(record.lastModified), "state": state.json]).compactText
    }

    /// Uploads the local preset `name`. Returns the record as the server stored it.
    @discardableResult
    public func push(_ name: String, force: Bool = false) throws -> RemoteSettingsRecord {
        try Self.checkRecordID(name)
        guard presets.list().contains(where: { $0.name == name }) else {
            throw PresetNameError(message: "no preset named '\(name)' on this machine to push; save the current state as one first: flags preset save \(name)")
        }
        let state = try presets.load(name)
        var data: [String: JSONValue] = ["app": .string(environment.registry.app), "preset": state.json]
        if let principal = records.principal() { data["changedBy"] = .string(principal) }
        let known = base(name)
        let stored = try conditionally(name, known: known, mine: state, action: "pushed") { () throws(RemoteSettingsWriteError) in
            force ? try records.put(name, data: data) : try records.put(name, data: data, ifMatch: known?.lastModified, ifAbsent: known == nil)
        }
        try environment.prefs.apply(documents: [baseKey(name): baseDocument(stored, state: state)], changes: [])
        return stored
    }

    /// Downloads `name`, checks it against the registry, and in one transaction makes the
    /// overrides exactly its own, sets its preferences and saves it as the local preset `name`.
    /// Returns the store changes made.
    @discardableResult
    /// Pulls `name`, applies it and keeps it as the local preset `name`; returns what applying
    /// changed, in words.
    public func pull(_ name: String) throws -> [String] {
        try Self.checkRecordID(name)
        guard let record = try records.get(name) else { throw missing(name) }
        // The server chose what to answer: a record of another name would be saved as `name`.
        guard record.id == name else {
            throw SavedStateProblems(file: "preset \(name) at \(records.recordURL(name).absoluteString)",
                                     problems: ["the server answered with record `\(TerminalSafeText.sanitized(record.id))`, not `\(name)`; nothing was changed"])
        }
        let state = try read(record)
        let effective = state.effectiveChanges(for: environment)
        let save = PrefChange.set(presets.environment.prefs.branch("presets").getBranchPrefix() + name, .string(state.json.prettyText))
        try environment.prefs.apply(documents: [baseKey(name): baseDocument(record, state: state)], changes: effective.changes + [save])
        return effective.descriptions
    }

    /// Every shared preset, sorted by name.
    public func list() throws -> [Listing] {
        try records.list().map { record in
            Listing(name: record.id, changedBy: record.data["changedBy"]?.stringValue, changedAt: record.lastModified,
                    overrides: (try? read(record))?.overrides.count)
        }
    }

    /// Deletes the shared preset `name` (the local one stays), unless a colleague changed it
    /// since this machine last saw it; `force` deletes it anyway.
    public func delete(_ name: String, force: Bool = false) throws {
        let known = base(name)
        let deleted = try conditionally(name, known: known, mine: try? presets.load(name), action: "deleted") { () throws(RemoteSettingsWriteError) in
            try records.delete(name, ifMatch: force ? nil : known?.lastModified)
        }
        guard deleted else { throw missing(name) }
        try environment.prefs.apply(documents: [baseKey(name): nil], changes: [])
    }

    /// Kinto record ids are letters, digits, `-` and `_` (no `.`, which local preset names allow).
    static func checkRecordID(_ name: String) throws(PresetNameError) {
        try PresetStore.checkName(name)
        guard RemoteSettingsID.isValid(name) else {
            throw PresetNameError(message: "preset '\(name)' cannot be shared: a Remote Settings record id is letters, digits, '-' and '_', "
                                  + "starting with a letter or digit; save it under another name (flags preset save NEW-NAME)")
        }
    }

    /// The record's preset, checked as an import file is; a record of another shape is an error
    /// naming its URL.
    func read(_ record: RemoteSettingsRecord) throws -> SavedFlagState {
        let file = "preset \(record.id) at \(records.recordURL(record.id).absoluteString)"
        guard let preset = record.data["preset"] else {
            throw SavedStateProblems(file: file, problems: ["the record has no `preset` member: it was not pushed by `flags preset push`"])
        }
        return try SavedFlagStateReader(registry: environment.registry, checkingForcedBranchesAgainst: environment.experiments).read(preset, file: file)
    }

    /// `write`'s result, or, when the server says the record changed meanwhile, the conflict.
    private func conditionally<Result>(_ name: String, known: (lastModified: Int, state: SavedFlagState?)?, mine: SavedFlagState?, action: String,
                                       _ write: () throws(RemoteSettingsWriteError) -> Result) throws -> Result {
        switch Swift.Result(catching: write) {
        case .success(let result): return result
        case .failure(let error) where error.kind == .changedMeanwhile: throw try conflict(name, known: known, mine: mine, action: action)
        case .failure(let error): throw error
        }
    }

    private func conflict(_ name: String, known: (lastModified: Int, state: SavedFlagState?)?, mine: SavedFlagState?, action: String) throws -> SharedPresetConflict {
        let url = records.recordURL(name).absoluteString
        guard let current = try records.get(name) else {
            return SharedPresetConflict(name: name, url: url, changedBy: nil, changedAt: known?.lastModified ?? 0,
                                        changes: ["the preset was deleted from the server"], knewAVersion: known != nil, action: action)
        }
        let theirs = try? read(current)
        let reference = known?.state ?? (known == nil ? mine : nil)
        let changes: [String]
        switch (reference, theirs) {
        case (let reference?, let theirs?): changes = reference.differences(to: theirs)
        case (_, nil): changes = ["their version does not read as a preset of this app"]
        case (nil, _): changes = []
        }
        return SharedPresetConflict(name: name, url: url, changedBy: current.data["changedBy"]?.stringValue, changedAt: current.lastModified,
                                    changes: changes, knewAVersion: known != nil, action: action)
    }

    private func missing(_ name: String) -> PresetNameError {
        PresetNameError(message: "no shared preset named '\(name)' at \(records.recordsURL.absoluteString); see: flags preset list --remote")
    }
}
