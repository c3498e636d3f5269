import Platform

extension FeatureFlagRegistry {
    /// Compares the flags and typed preferences an app compiled (the static members `flags
    /// generate` wrote) with this registry, and throws when any of them would behave otherwise
    /// here: missing, another Nimbus variable, a debug row or user key gained or lost, another
    /// fallback, other variants. Titles and status texts are the menu's business and not compared;
    /// flags of the registry the code does not know are no concern of the code.
    ///
    /// App code calls the generated `checkGeneratedCode()`, which passes its own lists.
    ///
    /// ```swift
    /// try registry.checkGenerated(flags: [.newBibimbapMenu], preferences: [.startAtHome])
    /// ```
    public func checkGenerated(flags: [FeatureFlagID], preferences: [TypedPreference]) throws(GeneratedCodeMismatch) {
        var differences: [String] = []
        for flag in flags.sorted() {
            guard let current = flagIfPresent(flag.rawValue) else {
                let hint = NearestName.find(flag.rawValue, among: self.flags.map(\.rawValue)).map { " (did you mean '\($0)'?)" } ?? ""
                differences.append("flag '\(flag.rawValue)' is not in the registry\(hint)")
                continue
            }
            let compiled = flag.definition, loaded = current.definition
            if compiled.nimbus != loaded.nimbus {
                differences.append("flag '\(flag.rawValue)' reads \(Self.describe(compiled.nimbus)) in the code but \(Self.describe(loaded.nimbus)) in the registry")
            }
            if flag.debugKey != current.debugKey {
                let debuggable = { (key: String?) in key == nil ? "not debuggable" : "debuggable" }
                differences.append("flag '\(flag.rawValue)' is \(debuggable(flag.debugKey)) in the code but \(debuggable(current.debugKey)) in the registry")
            }
            if compiled.userPrefsKey != loaded.userPrefsKey {
                differences.append("flag '\(flag.rawValue)' has userPrefsKey \(compiled.userPrefsKey ?? "none") in the code but \(loaded.userPrefsKey ?? "none") in the registry")
            }
            if compiled.fallback != loaded.fallback {
                differences.append("flag '\(flag.rawValue)' falls back to \(compiled.fallback.map(String.init) ?? "none") in the code but \(loaded.fallback.map(String.init) ?? "none") in the registry")
            }
        }
        for preference in preferences.sorted() {
            guard let current = self.preferences.first(where: { $0.id == preference.id }) else {
                differences.append("preference '\(preference.id)' is not in the registry")
                continue
            }
            if preference.nimbus != current.nimbus || preference.userPrefsKey != current.userPrefsKey || preference.variants != current.variants {
                differences.append("preference '\(preference.id)' reads \(Self.describe(preference.nimbus)) under \(preference.userPrefsKey) with variants "
                                   + "\(preference.variants.joined(separator: ", ")) in the code, but \(Self.describe(current.nimbus)) under "
                                   + "\(current.userPrefsKey) with variants \(current.variants.joined(separator: ", ")) in the registry")
            }
        }
        guard differences.isEmpty else { throw GeneratedCodeMismatch(registryPath: path, differences: differences) }
    }

    private static func describe(_ nimbus: FeatureFlagDefinition.NimbusVariable?) -> String {
        nimbus.map { "\($0.feature).\($0.variable)" } ?? "no Nimbus variable"
    }
}
