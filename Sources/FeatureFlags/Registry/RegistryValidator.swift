import FML
import Formats
import Platform

/// Checks a registry file against its manifest and builds the `FeatureFlagRegistry`.
///
/// A flag must name an existing feature and one of its `Boolean` variables; a typed preference
/// must name a variable whose type is an FML enum, whose variants become the allowed values.
struct RegistryValidator {
    let file: RegistryFile
    let manifest: FeatureManifest

    func registry() throws(YAMLError) -> FeatureFlagRegistry {
        var definitions: [FeatureFlagDefinition] = []
        for flag in file.flags {
            var nimbus: FeatureFlagDefinition.NimbusVariable?
            var feature: FeatureHandle?
            if let featureID = flag.feature, let variableName = flag.variable {
                let (found, variable) = try checkedVariable(featureID, variableName, featureMark: flag.featureMark ?? flag.mark,
                                                            variableMark: flag.variableMark ?? flag.mark, owner: "flag `\(flag.id)`")
                guard variable.type == .boolean else {
                    throw YAMLError(at: flag.variableMark ?? flag.mark,
                                    "flag `\(flag.id)` reads `\(featureID).\(variableName)`, which is \(variable.type), not Boolean; a flag needs a Boolean variable (a typed value belongs under `preferences`)")
                }
                nimbus = .init(feature: featureID, variable: variableName)
                feature = found
            }
            definitions.append(FeatureFlagDefinition(id: flag.id, nimbus: nimbus, feature: feature, debug: flag.debug,
                                                     userPrefsKey: flag.userPrefsKey, fallback: flag.fallback, location: flag.mark))
        }
        var preferences: [TypedPreference] = []
        for preference in file.preferences {
            let (_, variable) = try checkedVariable(preference.feature, preference.variable, featureMark: preference.mark,
                                                    variableMark: preference.mark, owner: "preference `\(preference.id)`")
            guard case .enumeration(let enumName) = variable.type, let definition = manifest.enumDefinition(enumName) else {
                throw YAMLError(at: preference.mark, "preference `\(preference.id)` reads `\(preference.feature).\(preference.variable)`, which is \(variable.type); a typed preference needs an enum variable")
            }
            preferences.append(TypedPreference(id: preference.id, nimbus: .init(feature: preference.feature, variable: preference.variable),
                                               userPrefsKey: preference.userPrefsKey, enumName: enumName, variants: definition.variants))
        }
        if !file.preferences.isEmpty {
            let ids = Set(file.flags.map(\.id))
            for preference in file.preferences where ids.contains(preference.id) {
                throw YAMLError(at: preference.mark, "`\(preference.id)` is both a flag and a preference; give them different ids")
            }
        }
        try checkStoredKeys()
        var channels: [BuildChannel: String] = [:]
        for (build, name, mark) in file.channels {
            guard manifest.channels.contains(name) else {
                throw YAMLError(at: mark, "`channels` maps the \(build.rawValue) build to '\(name)', which the manifest \(file.manifestPath) "
                                + "does not declare; it declares: \(manifest.channels.joined(separator: ", "))")
            }
            channels[build] = name
        }
        var registry = FeatureFlagRegistry(path: file.path, app: file.app, manifest: manifest, manifestPath: file.manifestPath,
                                           experiments: file.experiments, flags: definitions, preferences: preferences, buildFlags: file.buildFlags,
                                           channels: ChannelMap(channels), remoteSettings: file.remoteSettings)
        registry.context = file.context
        return registry
    }

    /// Every key the registry implies in the store (debug overrides, user preferences, typed
    /// preferences) names one thing only. A user preference stored under another flag's debug key
    /// would let a release build, which honors no override, read that override as a preference;
    /// so a preference key may not end in the debug suffix, nor live in the tool's own branches.
    ///
    /// Debug keys are not claimed: each is its flag's id and the suffix, so two flags (whose ids
    /// a mapping keeps unique) never share one, and a preference key ending in the suffix is
    /// refused before it is claimed. Claiming one made and hashed a key for every flag.
    private func checkStoredKeys() throws(YAMLError) {
        // Who owns a key is put into words only for an error: making the texts of 10,000
        // flags up front was a tenth of a cold load's registry work.
        enum Owner {
            case userPreference(String), typedPreference(String)
            var text: String {
                switch self {
                case .userPreference(let flag): "the user preference of flag `\(flag)`"
                case .typedPreference(let id): "typed preference `\(id)`"
                }
            }
        }
        var owners: [String: Owner] = [:]
        func claim(_ key: String, by owner: Owner, at mark: YAMLMark) throws(YAMLError) {
            if let first = owners.updateValue(owner, forKey: key) {
                throw YAMLError(at: mark, "\(owner.text) is stored under `\(key)`, which is already \(first.text); every stored key must be unique: rename one of them")
            }
        }
        func checkPreferenceKey(_ key: String, of owner: Owner, at mark: YAMLMark) throws(YAMLError) {
            if key.hasSuffix(FeatureFlagID.debugKeySuffix) {
                throw YAMLError(at: mark, "\(owner.text) is stored under `\(key)`, which ends in `\(FeatureFlagID.debugKeySuffix)`, the suffix of debug overrides; a release build would read a debug override as this preference: choose a key without it")
            }
            if let branch = Self.reservedBranches.first(where: { key.hasPrefix($0 + ".") }) {
                throw YAMLError(at: mark, "\(owner.text) is stored under `\(key)`, in the store's own `\(branch).` branch; choose a key outside it")
            }
        }
        for flag in file.flags {
            guard let key = flag.userPrefsKey else { continue }
            let owner = Owner.userPreference(flag.id)
            try checkPreferenceKey(key, of: owner, at: flag.mark)
            try claim(key, by: owner, at: flag.mark)
        }
        for preference in file.preferences {
            let owner = Owner.typedPreference(preference.id)
            try checkPreferenceKey(preference.userPrefsKey, of: owner, at: preference.mark)
            try claim(preference.userPrefsKey, by: owner, at: preference.mark)
        }
    }

    /// The prefixes under which the tool keeps its own state (`prefs.branch(...)`): client id,
    /// cached records, presets, an interrupted matrix.
    static let reservedBranches = ["nimbus", "remoteSettings", "presets", "matrix"]

    private func checkedVariable(_ featureID: String, _ variableName: String, featureMark: YAMLMark, variableMark: YAMLMark,
                                 owner: @autoclosure () -> String) throws(YAMLError) -> (FeatureHandle, VariableDefinition) {
        guard let handle = manifest.handle(forFeature: featureID) else {
            let hint = NearestName.find(featureID, among: manifest.featureIDs).map { " (did you mean `\($0)`?)" } ?? ""
            throw YAMLError(at: featureMark, "\(owner()) names feature `\(featureID)`, which the manifest \(file.manifestPath) does not define\(hint)")
        }
        let feature = handle.definition
        guard let variable = feature.variable(variableName) else {
            let names = feature.variables.map(\.name)
            let hint = NearestName.find(variableName, among: names).map { " (did you mean `\($0)`?)" } ?? ""
            throw YAMLError(at: variableMark, "\(owner()) names variable `\(variableName)` of feature `\(featureID)`, which has no such variable\(hint); it has: \(names.joined(separator: ", "))")
        }
        return (handle, variable)
    }
}
