import Prefs
import FeatureFlags
import Platform

/// Named flag states kept in the app's store (`presets.<name>`), so a tester can save the state
/// for a scenario once and bring it back with one command or one key in the menu.
///
/// ```swift
/// let presets = PresetStore(environment: environment)
/// try presets.save("checkout-all-on", state: SavedFlagState.capture(from: environment))
/// try presets.apply("checkout-all-on")
/// ```
public struct PresetStore: Sendable {
    public let environment: FlagsEnvironment
    private let prefs: Prefs

    public init(environment: FlagsEnvironment) {
        self.environment = environment
        prefs = environment.prefs.branch("presets")
    }

    /// Preset names sorted, with when each was saved.
    public func list() -> [(name: String, savedAt: Double)] {
        prefs.allEntries().map { ($0.key, $0.value.updatedAt) }.sorted { $0.name < $1.name }
    }

    public func save(_ name: String, state: SavedFlagState) throws {
        try Self.checkName(name)
        try prefs.setString(state.json.prettyText, forKey: name)
    }

    /// The preset, read and checked against the registry as an import file would be.
    public func load(_ name: String) throws -> SavedFlagState {
        guard let text = prefs.stringForKey(name) else { throw missing(name) }
        return try SavedFlagStateReader(registry: environment.registry).read(text, file: "preset \(name)")
    }

    /// Makes the app's overrides exactly the preset's (in one transaction) and returns the changes.
    @discardableResult
    /// Applies preset `name` in one transaction and returns what changed, in words (none when
    /// the store already holds it).
    public func apply(_ name: String) throws -> [String] {
        let effective = try load(name).effectiveChanges(for: environment)
        try environment.prefs.apply(effective.changes)
        return effective.descriptions
    }

    public func delete(_ name: String) throws {
        guard prefs.hasObjectForKey(name) else { throw missing(name) }
        try prefs.removeObjectForKey(name)
    }

    static func checkName(_ name: String) throws(PresetNameError) {
        guard !name.isEmpty, name.count <= 64, name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-_.".contains($0)) }) else {
            throw PresetNameError(message: "preset name '\(name)' must be 1-64 letters, digits, '-', '_' or '.'")
        }
    }

    private func missing(_ name: String) -> PresetNameError {
        let hint = NearestName.find(name, among: list().map(\.name)).map { " (did you mean '\($0)'?)" } ?? ""
        return PresetNameError(message: "no preset named '\(name)'\(hint); see: flags preset list")
    }
}
