#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
import CommandLineArguments
import FeatureFlags
import Prefs

/// `flags set ID on|off` / `flags set ID=on ID=off ...`: stores debug overrides, exactly as
/// toggling the menu rows does; several at once in one transaction.
struct SetCommand: FlagsCommand {
    static let name = "set"
    static let summary = "Override debuggable flags: on or off"
    static let usage = "flags set ID on|off | flags set ID=on|off..."
    static let help = """
        Stores a debug override for the flag ID in the app's store, as the debug menu's switch
        does. Other processes (the app, an open menu) see it on their next read. Only flags with a
        debugKey (a `debug:` block in the registry) can be overridden. Values: on/off, true/false, 1/0.

        Several flags at once, as ID=VALUE words, are one transaction: every override is stored,
        or, when one ID is unknown or not debuggable, none is.
        """
    static let arguments = [ArgumentSpec(.flagID, assignedValue: .choice(["on", "off"])), ArgumentSpec(.choice(["on", "off"]))]
    static let examples = [
        CommandExample("flags set ID on", "override the flag ID to on"),
        CommandExample("flags set newBibimbapMenu=on spicyMode=off", "two overrides in one transaction: both are stored, or neither"),
    ]

    let assignments: [(id: String, value: Bool)]

    init(arguments: inout ArgumentList) throws(CLIError) {
        let words = try arguments.positionals(command: Self.name)
        if words.count == 2, !words[0].contains("="), !words[1].contains("=") {
            assignments = [(words[0], try OnOff.parse(words[1], command: Self.name))]
            return
        }
        guard !words.isEmpty else { throw .usage("expected a flag ID and on or off, or ID=on|off words", command: Self.name) }
        var parsed: [(id: String, value: Bool)] = []
        for word in words {
            guard let equals = word.firstIndex(of: "="), equals != word.startIndex else {
                throw .usage(words.count == 1 ? "expected a flag ID and on or off, found only '\(word)'"
                                              : "expected ID=on or ID=off words, found '\(word)'", command: Self.name)
            }
            let id = String(word[..<equals])
            guard !parsed.contains(where: { $0.id == id }) else { throw .usage("\(id) is given twice", command: Self.name) }
            parsed.append((id, try OnOff.parse(String(word[word.index(after: equals)...]), command: Self.name)))
        }
        assignments = parsed
    }

    func run(in context: CommandContext) throws {
        let environment = try context.environment()
        let flags: [FeatureFlagID]
        if assignments.count == 1 {
            flags = [try GetCommand.flag(assignments[0].id, in: environment.registry, action: "set")]
        } else {
            // Every id is checked before anything is written, and every problem is named.
            var found: [FeatureFlagID] = []
            var problems: [String] = []
            for assignment in assignments {
                do throws(FlagLookupError) {
                    let flag = try environment.registry.flag(assignment.id)
                    if !flag.isDebuggable { problems.append(Self.notDebuggable(flag)) }
                    found.append(flag)
                } catch {
                    problems.append(error.description)
                }
            }
            guard problems.isEmpty else { throw CLIError.failure("nothing was set:\n  " + problems.joined(separator: "\n  ")) }
            flags = found
        }
        if flags.count == 1 {
            guard flags[0].isDebuggable else { throw CLIError.failure(Self.notDebuggable(flags[0])) }
            try environment.provider.setDebugOverride(flags[0], to: assignments[0].value)
        } else {
            try environment.prefs.apply(zip(flags, assignments).map { .set($0.debugKey!, .bool($1.value)) })
        }
        for (flag, assignment) in zip(flags, assignments) {
            let state = environment.provider.state(of: flag)
            var line = "\(flag.rawValue): override \(OnOff.text(assignment.value))"
            if state.overrideIsInactive {
                line += " (stored, but inactive while previewing \(environment.channel): a release build ignores overrides)"
            }
            context.console.print(line)
        }
    }

    /// Why `flag` takes no override, pointing a user preference at `flags pref set`.
    static func notDebuggable(_ flag: FeatureFlagID) -> String {
        let reason = "\(FeatureFlagError.notDebuggable(flag.rawValue))"
        return flag.userPrefsKey == nil ? reason : reason + "; it is a user preference: flags pref set \(flag.rawValue) on|off"
    }
}
#endif
