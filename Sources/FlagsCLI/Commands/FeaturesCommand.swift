#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
import CommandLineArguments
import FeatureFlags
import Formats
import FlagsTool

/// `flags features`: the manifest's features, their variables and the flags that read them.
struct FeaturesCommand: FlagsCommand {
    static let name = "features"
    static let summary = "List the manifest's features, their variables and who reads them"
    static let usage = "flags features [--json]"
    static let help = """
        Lists every feature of the app's Nimbus manifest, sorted by id, with each variable's
        name, type and default for the current channel (see --channel), and the flags and
        preferences of the registry that read it. Variables no one reads show "-". EXPOSURES is
        how often the app recorded that it showed the feature (FeatureHolder.recordExposure(),
        kept in the store under nimbus.exposure.<feature>).
        """
    static let json = FlagOption.json("print a JSON array: {id, description, exposures, variables: [{name, type, default, description, flags, preferences}]}")
    static let options: [any DeclaredOption] = [json]

    let json: Bool

    init(arguments: inout ArgumentList) throws(CLIError) {
        json = arguments.take(Self.json)
        try arguments.expectNoPositionals(command: Self.name)
    }

    func run(in context: CommandContext) throws {
        let environment = try context.environment()
        let features = FeatureUsage.all(in: environment.registry, channel: environment.channel)
        let exposures = FeatureExposures(prefs: environment.prefs)
        if json {
            context.console.printJSON(JSONValue.array(features.map { feature in
                guard case .object(var members) = feature.json else { return feature.json }
                members["exposures"] = .int(exposures.count(of: feature.id))
                return .object(members)
            }))
            return
        }
        guard !features.isEmpty else {
            context.console.print("The manifest \(environment.registry.manifestPath) has no features.")
            return
        }
        var rows: [[String]] = []
        for feature in features {
            for (index, variable) in feature.variables.enumerated() {
                let readers = variable.flags.map { "flag \($0)" } + variable.preferences.map { "preference \($0)" }
                rows.append([index == 0 ? feature.id : "", variable.name, variable.type.description,
                             Self.shortened(variable.defaultValue.compactText),
                             readers.isEmpty ? "-" : readers.joined(separator: ", "),
                             index == 0 ? String(exposures.count(of: feature.id)) : ""])
            }
            if feature.variables.isEmpty { rows.append([feature.id, "-", "", "", "", String(exposures.count(of: feature.id))]) }
        }
        let header = ["FEATURE", "VARIABLE", "TYPE", "DEFAULT (\(environment.channel))", "USED BY", "EXPOSURES"]
        var table = TextTable(header: header, rows: rows)
        table.cutFirst = [[3, 4]]
        context.console.print(table)
    }

    /// Long objects and lists would push the table off the screen; `--json` has them in full.
    static func shortened(_ text: String, limit: Int = 40) -> String {
        text.count <= limit ? text : String(text.prefix(limit - 1)) + "…"
    }
}
#endif
