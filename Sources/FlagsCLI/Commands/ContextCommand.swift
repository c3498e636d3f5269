#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
import CommandLineArguments
import FeatureFlags
import Nimbus

/// `flags context`: the targeting attributes this client's records are evaluated against, and
/// where each comes from.
struct ContextCommand: FlagsCommand {
    static let name = "context"
    static let summary = "Show the targeting attributes JEXL sees for this client, and where each comes from"
    static let usage = "flags context [--json]"
    static let help = """
        Prints the JEXL context of this client as the Nimbus SDK builds it, after this
        evaluation: the app's attributes (app_name from the registry's `app:`, channel,
        locale from LC_ALL/LC_MESSAGES/LANG with language and region split from it, and the
        registry's `context:` block: app_version, os, device_model, ... and custom attributes),
        the client's state in the store (nimbus_id, days_since_install, days_since_update,
        enrollments, active_experiments, enrollments_map), current_date, and --context, which
        wins over all of them. An attribute nothing sets is null, as on a device.
        """
    static let json = FlagOption.json("print the context as one JSON object")
    static let options: [any DeclaredOption] = [json]
    static let examples = [
        CommandExample("flags context", "every attribute, its value and where it comes from"),
        CommandExample("flags --context days_since_install=0 context --json", "the attributes of a client installed today (a preview: nothing is kept)"),
    ]

    let json: Bool

    init(arguments: inout ArgumentList) throws(CLIError) {
        json = arguments.take(Self.json)
        try arguments.expectNoPositionals(command: Self.name)
    }

    func run(in context: CommandContext) throws {
        let environment = try context.environment()
        let experiments = environment.experiments
        if json {
            context.console.printJSON(.object(experiments.context))
            return
        }
        context.console.print("client \(experiments.client.nimbusID), channel \(experiments.client.channel)")
        let names = experiments.context.keys.sorted { lhs, rhs in
            let order = (Self.position(lhs), lhs), other = (Self.position(rhs), rhs)
            return order < other
        }
        let rows = names.map { name in
            [name, experiments.context[name]?.compactText ?? "null",
             Self.origin(of: name, pinned: experiments.client.pinnedContextKeys, registry: environment.registry)]
        }
        var table = TextTable(header: ["ATTRIBUTE", "VALUE", "FROM"], rows: rows)
        table.cutFirst = [[1, 2]]
        context.console.print(table)
    }

    /// The SDK's order, custom attributes after the app's fields, alphabetically.
    private static func position(_ name: String) -> Int {
        if let index = TargetingAttributes.attributeNames.firstIndex(of: name) {
            return index < TargetingAttributes.appContextNames.count ? index : index + 1
        }
        return TargetingAttributes.appContextNames.count
    }

    private static func origin(of name: String, pinned: Set<String>, registry: FeatureFlagRegistry) -> String {
        if pinned.contains(name) { return CommandLineSpec.context.name }
        if registry.context[name] != nil { return "registry context:" }
        switch name {
        case "app_name", "app_id": return "registry app:"
        case "channel": return "channel"
        case "locale": return "LC_ALL / LC_MESSAGES / LANG"
        case "language", "region": return "locale"
        case "nimbus_id": return "store (nimbus.id)"
        case "days_since_install": return "store (nimbus.installedAt)"
        case "days_since_update": return "store (nimbus.appVersion, updatedAt)"
        case "enrollments", "active_experiments", "enrollments_map": return "store (nimbus.enrollments) + this evaluation"
        case "is_already_enrolled": return "per record"
        case "current_date": return "clock"
        case "is_first_run": return "tool (true on the run that created the id)"
        default: return "not set"
        }
    }
}
#endif
