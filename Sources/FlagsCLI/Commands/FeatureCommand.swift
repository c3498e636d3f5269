#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
import CommandLineArguments
import FeatureFlags
import FlagsTool
import Formats
import Platform

/// `flags feature FEATURE [--json]`, `flags feature set FEATURE VARIABLE VALUE`,
/// `flags feature reset FEATURE [VARIABLE]`: one Nimbus feature's value as this client gets it,
/// variable by variable with where each comes from, and feature overrides set by hand.
struct FeatureCommand: FlagsCommand {
    static let name = "feature"
    static let summary = "Show a feature's value with each variable's source; set or reset feature overrides"
    static let usage = "flags feature FEATURE [--json] | flags feature set FEATURE VARIABLE VALUE | flags feature reset FEATURE [VARIABLE]"
    static let help = """
        Shows the value of the Nimbus feature FEATURE for this client and channel: each
        variable's type, value and source (the manifest default for the channel, a rollout, an
        experiment and branch, a forced branch, a feature override) and the flags and
        preferences that read it.
          set FEATURE VARIABLE VALUE   store a feature override: VALUE is read as the variable's
                                       type (true/false, a number, text, an enum's variant, JSON
                                       for lists, maps, objects and options) and refused, with
                                       the reason, when it does not fit; the store is then
                                       unchanged (a negative number goes after --: count -- -7)
          reset FEATURE [VARIABLE]     remove the feature's overrides (or only VARIABLE's)
        A feature override is a debug override: it wins over every experiment, is kept in
        export, import and presets, is removed by `flags reset --all`, and release builds ignore it.
        """
    static let json = FlagOption.json("print one JSON object: {id, description, channel, value, variables: [{name, type, value, source, …}]}")
    static let options: [any DeclaredOption] = [json]
    // By position, as completion reads them: `flags feature <Tab>` offers the manifest's features.
    static let arguments = [ArgumentSpec(.featureID), ArgumentSpec(.text("VARIABLE")), ArgumentSpec(.text("VALUE"))]
    static let examples = [
        CommandExample("flags feature bibimbap-feature", "every variable's value and where it comes from"),
        CommandExample("flags feature set bibimbap-feature spice-level 5", "a feature override, checked against the manifest's type"),
        CommandExample(#"flags feature set promo-banner-feature accent-color '"teal"'"#, "JSON for an Option, a List, a Map or an object"),
        CommandExample("flags feature reset bibimbap-feature", "remove the feature's overrides"),
    ]

    enum Action: Equatable {
        case show(json: Bool)
        case set(variable: String, value: String)
        case reset(variable: String?)
    }

    let feature: String
    let action: Action

    init(arguments: inout ArgumentList) throws(CLIError) {
        let json = arguments.take(Self.json)
        // After `--` a word is a value even when it starts with a dash: `set F count -- -7`.
        let words = try arguments.positionals(command: Self.name) + arguments.trailing
        switch words.first {
        case "set":
            guard words.count == 4 else { throw .usage("`feature set` needs a FEATURE, a VARIABLE and a VALUE", command: Self.name) }
            (feature, action) = (words[1], .set(variable: words[2], value: words[3]))
        case "reset":
            guard words.count == 2 || words.count == 3 else { throw .usage("`feature reset` needs a FEATURE and at most one VARIABLE", command: Self.name) }
            (feature, action) = (words[1], .reset(variable: words.count == 3 ? words[2] : nil))
        default:
            guard words.count == 1 else {
                throw .usage(words.isEmpty ? "missing the FEATURE (`flags features` lists them)" : "expected one FEATURE, or set/reset", command: Self.name)
            }
            (feature, action) = (words[0], .show(json: json))
        }
        if json, action != .show(json: true) { throw .usage("--json goes with `flags feature FEATURE`, not with set or reset", command: Self.name) }
    }

    func run(in context: CommandContext) throws {
        let environment = try context.environment()
        let manifest = environment.registry.manifest
        let store = NimbusOverrideStore(prefs: environment.prefs)
        switch action {
        case .show(let json):
            guard manifest.hasFeature(feature) else { throw CLIError.failure(Self.unknownFeature(feature, in: environment)) }
            let report = FeatureReport(featureId: feature, environment: environment)
            if json {
                context.console.printJSON(report.json)
            } else {
                report.lines(width: context.console.outputWidth).forEach { context.console.print($0) }
                if let note = Self.inactiveNote(environment, store: store, feature: feature) { context.console.print(note) }
            }
        case .set(let variable, let text):
            let value: JSONValue
            do throws(FeatureValueInput.Refusal) {
                value = try FeatureValueInput.parse(text, variable: variable, feature: feature, manifest: manifest)
            } catch {
                // The type checker's sentences name the variable; the reader's ("expected a whole number") do not.
                let sentence = "\(error)"
                let named = sentence.hasPrefix("\(feature).") || sentence.hasPrefix("the manifest") || sentence.hasPrefix("feature `")
                throw CLIError.failure((named ? sentence : "\(feature).\(variable): \(sentence)") + "; nothing was stored")
            }
            try store.setFeatureValue(value, variable: variable, of: feature)
            context.console.print("\(feature).\(variable): feature override \(value.compactText)"
                                  + (Self.inactiveNote(environment, store: store, feature: feature).map { " (\($0))" } ?? ""))
            Self.printReaders(of: feature, variables: [variable], in: environment.reloaded(), context: context)
        case .reset(let variable):
            let stored = store.overrides.featureValues[feature] ?? [:]
            if stored.isEmpty, !manifest.hasFeature(feature) { throw CLIError.failure(Self.unknownFeature(feature, in: environment)) }
            let removed = try store.removeFeatureValue(of: feature, variable: variable)
            guard !removed.isEmpty else {
                let what = variable.map { "\(feature).\($0)" } ?? feature
                let others = stored.keys.sorted()
                context.console.print("no feature override of \(what) to reset"
                                      + (others.isEmpty ? "" : "; overridden: \(others.joined(separator: ", "))"))
                return
            }
            context.console.print("\(feature): feature override removed from \(removed.joined(separator: ", "))")
            Self.printReaders(of: feature, variables: removed, in: environment.reloaded(), context: context)
        }
    }

    /// After a change, each flag that reads a changed variable, with its value now.
    static func printReaders(of feature: String, variables: [String], in environment: FlagsEnvironment, context: CommandContext) {
        for flag in environment.registry.flags {
            guard let nimbus = flag.definition.nimbus, nimbus.feature == feature, variables.contains(nimbus.variable) else { continue }
            let report = FlagReport(state: environment.provider.state(of: flag), environment: environment)
            context.console.print("  flag \(flag.rawValue): \(OnOff.text(report.state.enabled))  (\(report.sourceText))")
        }
    }

    /// Why stored overrides of `feature` change nothing here: a preview of a channel whose builds ignore them.
    static func inactiveNote(_ environment: FlagsEnvironment, store: NimbusOverrideStore, feature: String) -> String? {
        guard !environment.buildChannel.allowsDebugOverrides, store.overrides.featureValues[feature] != nil else { return nil }
        return "stored, but inactive while previewing \(environment.channel): a release build ignores overrides"
    }

    static func unknownFeature(_ feature: String, in environment: FlagsEnvironment) -> String {
        let manifest = environment.registry.manifest
        let hint = NearestName.find(feature, among: manifest.featureIDs).map { " (did you mean `\($0)`?)" } ?? ""
        return "the manifest \(environment.registry.manifestPath) has no feature `\(feature)`\(hint); `flags features` lists them"
    }
}
#endif
