import Formats
import Platform
import FeatureFlags

/// Reads a saved flag state (an export file or a preset) and checks every entry against the
/// app's registry (and, when given, its forced branches against the records), collecting every
/// problem instead of stopping at the first.
///
/// ```swift
/// let state = try SavedFlagStateReader(registry: registry).read(text, file: "qa.json")
/// ```
public struct SavedFlagStateReader {
    public let registry: FeatureFlagRegistry
    /// The records a forced branch is checked against, as `flags enroll` checks it: given for a
    /// state that comes from outside (an import, a pulled preset), so a mistyped branch is refused
    /// rather than stored to warn on every later command. Nil checks only the shape: a state the
    /// tool saved itself may force a record the server has since taken away.
    public let experiments: NimbusExperiments?

    public init(registry: FeatureFlagRegistry, checkingForcedBranchesAgainst experiments: NimbusExperiments? = nil) {
        self.registry = registry
        self.experiments = experiments
    }

    static let topLevelKeys = ["schemaVersion", "app", "channel", "overrides", "overrideSetAt", "userPreferences", "typedPreferences",
                               "forcedBranches", "featureValues"]

    /// Saved states (import files, presets) larger than this are refused: an export of every
    /// flag of a 10,000-flag app is about 1 MiB, so only a wrong file or a hostile one is larger.
    public static let maximumSize = 16 * BoundedFileReader.mebibyte

    public func read(_ text: String, file: String) throws(SavedStateProblems) -> SavedFlagState {
        // Files are bounded while they are read; a preset comes from the store, checked here.
        guard text.utf8.count <= Self.maximumSize else {
            throw SavedStateProblems(file: file, problems: ["larger than the limit of \(FileReadError.size(Self.maximumSize)) for a saved flag state"])
        }
        let json: JSONValue
        do {
            json = try JSONParser.parse(text, file: file)
        } catch {
            throw SavedStateProblems(file: file, problems: [ErrorText.sentence(error)])
        }
        return try read(json, file: file)
    }

    public func read(_ json: JSONValue, file: String) throws(SavedStateProblems) -> SavedFlagState {
        var problems: [String] = []
        guard let root = json.objectValue else {
            throw SavedStateProblems(file: file, problems: ["expected a JSON object with `overrides`, found \(json.kindName)"])
        }
        for key in root.keys.sorted() where !Self.topLevelKeys.contains(key) {
            let hint = NearestName.find(key, among: Self.topLevelKeys).map { " (did you mean `\($0)`?)" } ?? ""
            problems.append("unknown key `\(key)`\(hint)")
        }
        if let version = root["schemaVersion"], !SavedFlagState.readableSchemaVersions.contains(where: { version == .int($0) }) {
            let readable = SavedFlagState.readableSchemaVersions.map(String.init).joined(separator: " and ")
            problems.append("schemaVersion \(version.compactText) is not supported; this tool reads versions \(readable)")
        }
        let app = root["app"]?.stringValue ?? registry.app
        if app != registry.app {
            problems.append("the file is for app `\(app)`, but this registry is for `\(registry.app)`; use the --config of `\(app)`")
        }
        var state = SavedFlagState(app: registry.app, channel: root["channel"]?.stringValue ?? "")

        for (id, value) in members("overrides", of: root, problems: &problems) {
            guard let flag = lookUpFlag(id, in: "overrides", problems: &problems) else { continue }
            guard flag.isDebuggable else {
                problems.append("overrides.\(id): flag `\(id)` is not debuggable (no debugKey), so it cannot be overridden")
                continue
            }
            guard let bool = value.boolValue else {
                problems.append("overrides.\(id): expected true or false, found \(value.kindAndText)")
                continue
            }
            state.overrides[id] = bool
        }
        for (id, value) in members("overrideSetAt", of: root, problems: &problems) {
            guard let text = value.stringValue, let time = Timestamp.parse(text) else {
                problems.append("overrideSetAt.\(id): expected an ISO 8601 time such as 2026-11-29T11:42:12Z, found \(value.compactText)")
                continue
            }
            if state.overrides[id] != nil { state.overrideSetAt[id] = time }
        }
        for (id, value) in members("userPreferences", of: root, problems: &problems) {
            guard let flag = lookUpFlag(id, in: "userPreferences", problems: &problems) else { continue }
            guard flag.userPrefsKey != nil else {
                problems.append("userPreferences.\(id): flag `\(id)` is not user togglable (no userPrefsKey)")
                continue
            }
            guard let bool = value.boolValue else {
                problems.append("userPreferences.\(id): expected true or false, found \(value.kindAndText)")
                continue
            }
            state.userPreferences[id] = bool
        }
        for (id, value) in members("typedPreferences", of: root, problems: &problems) {
            guard let preference = try? registry.preference(id) else {
                let hint = NearestName.find(id, among: registry.preferences.map(\.id)).map { " (did you mean `\($0)`?)" } ?? ""
                problems.append("typedPreferences.\(id): unknown preference\(hint)")
                continue
            }
            guard let variant = value.stringValue, preference.variants.contains(variant) else {
                problems.append("typedPreferences.\(id): expected one of \(preference.variants.joined(separator: ", ")), found \(value.compactText)")
                continue
            }
            state.typedPreferences[id] = variant
        }
        for (slug, value) in members("forcedBranches", of: root, problems: &problems) {
            guard let branch = value.stringValue, !branch.isEmpty, !slug.isEmpty else {
                problems.append("forcedBranches.\(slug): expected a branch slug such as \"treatment\", found \(value.kindAndText)")
                continue
            }
            if let experiments {
                do throws(ForcingRefusal) {
                    _ = try experiments.recordToForce(slug, branch: branch, registryPath: registry.path)
                } catch {
                    problems.append("forcedBranches.\(slug): \(error)")
                    continue
                }
            }
            state.forcedBranches[slug] = branch
        }
        for (feature, value) in members("featureValues", of: root, problems: &problems) {
            guard let variables = value.objectValue, !variables.isEmpty else {
                problems.append("featureValues.\(feature): expected an object of variable → value, found \(value.kindAndText)")
                continue
            }
            var checked: [String: JSONValue] = [:]
            for (variable, variableValue) in variables.sorted(by: { $0.key < $1.key }) {
                do throws(FeatureValueInput.Refusal) {
                    try FeatureValueInput.check(variableValue, variable: variable, feature: feature, manifest: registry.manifest)
                    checked[variable] = variableValue
                } catch {
                    problems.append("featureValues.\(feature).\(variable): \(error)")
                }
            }
            if let problem = NimbusOverrideStore.sizeProblem(checked, of: feature) {
                problems.append("featureValues.\(feature): \(problem)")
            } else if !checked.isEmpty {
                state.featureValues[feature] = checked
            }
        }
        guard problems.isEmpty else { throw SavedStateProblems(file: file, problems: problems) }
        return state
    }

    private func members(_ key: String, of root: [String: JSONValue], problems: inout [String]) -> [(String, JSONValue)] {
        guard let value = root[key] else { return [] }
        guard let object = value.objectValue else {
            problems.append("`\(key)` must be an object of id → value, found \(value.kindName)")
            return []
        }
        return object.sorted { $0.key < $1.key }
    }

    private func lookUpFlag(_ id: String, in section: String, problems: inout [String]) -> FeatureFlagID? {
        do {
            return try registry.flag(id)
        } catch {
            problems.append("\(section).\(id): unknown flag\(error.suggestion.map { " (did you mean `\($0)`?)" } ?? "")")
            return nil
        }
    }
}
