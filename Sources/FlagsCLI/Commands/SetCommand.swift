#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
import FeatureFlags

/// `flags set ID on|off`: stores a debug override, exactly as toggling the menu row does.
struct SetCommand: FlagsCommand {
    static let name = "set"
    static let summary = "Override a debuggable flag: on or off"
    static let usage = "flags set ID on|off"
    static let help = """
        Stores a debug override for the flag ID in the app's store, as the debug menu's switch
        does. Other processes (the app, an open menu) see it on their next read. Only flags with a
        debugKey (a `debug:` block in the registry) can be overridden. Values: on/off, true/false, 1/0.
        """
    static let arguments = [ArgumentSpec(.flagID), ArgumentSpec(.choice(["on", "off"]))]
    static let examples = [CommandExample("flags set ID on", "override the flag ID to on")]

    let id: String
    let value: Bool

    init(arguments: inout ArgumentList) throws(CLIError) {
        let words = try arguments.positionals(command: Self.name)
        guard words.count == 2 else { throw .usage("expected a flag ID and on or off", command: Self.name) }
        id = words[0]
        value = try OnOff.parse(words[1], command: Self.name)
    }

    func run(in context: CommandContext) throws {
        let environment = try context.environment()
        let flag = try environment.registry.flag(id)
        try environment.provider.setDebugOverride(flag, to: value)
        let state = environment.provider.state(of: flag)
        var line = "\(flag.rawValue): override \(OnOff.text(value))"
        if state.overrideIsInactive {
            line += " (stored, but inactive while previewing \(environment.channel.rawValue): a release build ignores overrides)"
        }
        context.console.print(line)
    }
}
#endif
