#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
import CommandLineArguments
import FeatureFlags
import Formats

/// `flags build-flags`: the app's compile-time flags (`build-flags:`) and their value in each
/// distribution.
struct BuildFlagsCommand: FlagsCommand {
    static let name = "build-flags"
    static let summary = "Show the app's compile-time flags and their value per distribution"
    static let usage = "flags build-flags [--distribution debug|testflight|appstore] [--json]"
    static let help = """
        Lists the registry's `build-flags:`, sorted by name: each flag's value in the chosen
        distribution, in each of debug, testflight and appstore, and its description. These are
        fixed when the app is built (`flags generate` writes them as a struct with
        init(distribution:)); nothing at run time changes them. A flag equal in all three has
        shipped: `flags stale` lists it for deletion.
        """
    static let distribution = ValueOption("--distribution", value: .choice(Distribution.allCases.map(\.rawValue)),
                                          help: "the distribution whose value the VALUE column shows (default: this build's, \(Distribution.current.rawValue))")
    static let json = FlagOption.json("print a JSON array of {name, description, value, values}")
    static let options: [any DeclaredOption] = [distribution, json]

    let distribution: Distribution
    let json: Bool

    init(arguments: inout ArgumentList) throws(CLIError) {
        json = arguments.take(Self.json)
        if let name = try arguments.value(of: Self.distribution, command: Self.name) {
            guard let parsed = Distribution(rawValue: name.lowercased()) else {
                throw CLIError.usage("unknown distribution '\(name)'; expected debug, testflight or appstore", command: Self.name)
            }
            distribution = parsed
        } else {
            distribution = .current
        }
        try arguments.expectNoPositionals(command: Self.name)
    }

    func run(in context: CommandContext) throws {
        let flags = try context.environment().registry.buildFlags
        if json {
            context.console.printJSON(.array(flags.map { flag in
                .object(["name": .string(flag.name), "description": .string(flag.description),
                         "value": .bool(flag.value(in: distribution)),
                         "values": .object(Dictionary(uniqueKeysWithValues: Distribution.allCases.map { ($0.rawValue, JSONValue.bool(flag.value(in: $0))) }))])
            }))
            return
        }
        guard !flags.isEmpty else {
            context.console.print("The registry has no build flags (add a `build-flags:` section to declare them).")
            return
        }
        let rows = flags.map { flag in
            [flag.name, OnOff.text(flag.value(in: distribution))] + Distribution.allCases.map { OnOff.text(flag.value(in: $0)) } + [flag.description]
        }
        var table = TextTable(header: ["BUILD FLAG", "VALUE (\(distribution.rawValue))", "DEBUG", "TESTFLIGHT", "APPSTORE", "DESCRIPTION"],
                              rows: rows)
        table.cutFirst = [[5]]
        context.console.print(table)
    }
}
#endif
