#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
import CommandLineArguments
import FeatureFlags
import Platform

/// `flags pref get|set|reset NAME [VALUE]`: the user's own choices, on/off preferences (flags
/// with a userPrefsKey) and typed preferences (one of an FML enum's variants).
struct PrefCommand: FlagsCommand {
    static let name = "pref"
    static let summary = "Show, set or reset a user preference (on/off or typed)"
    static let usage = "flags pref get|reset NAME | flags pref set NAME VALUE"
    static let help = """
        User preferences are what an app's settings screen stores: a flag with a userPrefsKey
        takes on or off, a typed preference (the registry's `preferences:`) one of its enum's
        values. They are kept in the app's store beside the overrides.
          get NAME          the value the app reads, and whether the user chose it
          set NAME VALUE    store the user's choice; VALUE is checked against the preference's type
          reset NAME        forget the choice, so the default or Nimbus decides again
        """
    static let arguments = [ArgumentSpec(.choice(Action.allCases.map(\.rawValue))), ArgumentSpec(.preferenceName), ArgumentSpec(.text("VALUE"))]
    static let examples = [
        CommandExample("flags pref set startAtHome always", "a typed preference: one of its enum's values"),
        CommandExample("flags pref set spicyMode off", "an on/off preference, as the app's settings switch stores it"),
    ]

    enum Action: String, CaseIterable { case get, set, reset }

    let action: Action
    let preferenceName: String
    let value: String?

    init(arguments: inout ArgumentList) throws(CLIError) {
        let words = try arguments.positionals(command: Self.name)
        guard let first = words.first, let action = Action(rawValue: first) else {
            throw .usage(words.isEmpty ? "missing the action: get, set or reset" : "unknown action '\(words[0])'\(NearestName.suggestion(for: words[0], among: ["get", "set", "reset"])); expected get, set or reset",
                         command: Self.name)
        }
        self.action = action
        let needed = action == .set ? 3 : 2
        guard words.count == needed else {
            throw .usage(action == .set ? "`pref set` needs a NAME and a VALUE" : "`pref \(action.rawValue)` needs one NAME", command: Self.name)
        }
        preferenceName = words[1]
        value = action == .set ? words[2] : nil
    }

    /// A preference of either kind.
    enum Preference {
        case onOff(FeatureFlagID)
        case typed(TypedPreference)
    }

    func run(in context: CommandContext) throws {
        let environment = try context.environment()
        let preference = try Self.find(preferenceName, in: environment.registry)
        let preferences = environment.preferences
        switch (action, preference) {
        case (.get, .onOff(let flag)):
            let stored = preferences.storedPreference(for: flag)
            let value = OnOff.text(preferences.getPreferenceFor(flag))
            let source = stored != nil ? "the user's choice" : flag.definition.fallback != nil ? "not set: the registry's default" : "not set: Nimbus's value"
            context.console.print("\(flag.rawValue): \(value)  (\(source))  [key \(flag.userPrefsKey ?? "")]")
        case (.get, .typed(let typed)):
            let stored = preferences.storedPreference(for: typed)
            let fromNimbus = preferences.nimbusLayer.nimbusVariant(for: typed).map(typed.variants.contains) ?? false
            let source = stored != nil ? "the user's choice" : fromNimbus ? "not set: Nimbus's value" : "not set: the first value"
            context.console.print("\(typed.id): \(preferences.getPreferenceFor(typed))  (\(source))  [key \(typed.userPrefsKey)]")
            context.console.print("  values: \(typed.variants.joined(separator: ", "))")
        case (.set, .onOff(let flag)):
            guard let choice = OnOff.accepted[(value ?? "").lowercased()] else {
                throw CLIError.usage("\(flag.rawValue) is an on/off preference: expected on or off (or true/false, 1/0), found '\(value ?? "")'",
                                     command: Self.name)
            }
            try preferences.setPreferenceFor(flag, to: choice)
            context.console.print("\(flag.rawValue): set to \(OnOff.text(choice))")
        case (.set, .typed(let typed)):
            let variant = value ?? ""
            guard typed.variants.contains(variant) else {
                let hint = NearestName.find(variant, among: typed.variants).map { " (did you mean '\($0)'?)" } ?? ""
                throw CLIError.usage("'\(variant)' is not a value of \(typed.id)\(hint); expected one of \(typed.variants.joined(separator: ", "))",
                                     command: Self.name)
            }
            try preferences.setPreferenceFor(typed, to: variant)
            context.console.print("\(typed.id): set to \(variant)")
        case (.reset, .onOff(let flag)):
            guard preferences.storedPreference(for: flag) != nil else {
                context.console.print("no choice of \(flag.rawValue) to reset: it is \(OnOff.text(preferences.getPreferenceFor(flag))), the app's default")
                return
            }
            try preferences.removePreferenceFor(flag)
            context.console.print("\(flag.rawValue): choice removed, now \(OnOff.text(preferences.getPreferenceFor(flag)))")
        case (.reset, .typed(let typed)):
            guard environment.prefs.hasObjectForKey(typed.userPrefsKey) else {
                context.console.print("no choice of \(typed.id) to reset: it is \(preferences.getPreferenceFor(typed))")
                return
            }
            try preferences.removePreferenceFor(typed)
            context.console.print("\(typed.id): choice removed, now \(preferences.getPreferenceFor(typed))")
        }
    }

    /// The preference called `name`: a typed preference, or a flag with a userPrefsKey. A flag
    /// without one, or an unknown name, is refused with what to do instead.
    static func find(_ name: String, in registry: FeatureFlagRegistry) throws -> Preference {
        if let typed = registry.preferences.first(where: { $0.id == name }) { return .typed(typed) }
        if let flag = registry.flagIfPresent(name) {
            guard flag.userPrefsKey != nil else {
                throw CLIError.failure("flag '\(name)' is not a user preference: it has no userPrefsKey in \(registry.path) (its value: flags get \(name))")
            }
            return .onOff(flag)
        }
        let names = registry.preferences.map(\.id) + registry.userPreferenceFlagIndices.map { registry.flags[$0].rawValue }
        let hint = NearestName.find(name, among: names).map { " (did you mean '\($0)'?)" } ?? ""
        throw CLIError.failure("unknown preference '\(name)'\(hint); the preferences are listed in \(registry.path) (try: flags list)")
    }
}
#endif
