#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
import CommandLineArguments
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FeatureFlags
import Formats
import FlagsTool
import Platform

/// `flags diff`: what differs from a saved state, or (with no argument) every override in force.
struct DiffCommand: FlagsCommand {
    static let name = "diff"
    static let summary = "Compare the current state with a file or preset, or list overrides in force"
    static let usage = "flags diff [FILE | preset:NAME] [--json]"
    static let help = """
        With FILE (an export) or preset:NAME, shows every override, preference, forced branch and
        feature override whose current value differs from the saved one ("-" means not set).
        Exits 1 when there are differences and 0 when there are none, as diff(1) does, so a CI
        step can check that a state is still in force.
        With no argument, shows every override in force: the effective value beside the value
        Nimbus would give, and its age; then the forced branches and feature overrides.
        """
    static let json = FlagOption.json("print the differences as JSON")
    static let options: [any DeclaredOption] = [json]
    static let arguments = [ArgumentSpec(.savedState)]
    static let examples = [
        CommandExample("flags diff", "every override in force, beside the value Nimbus would give"),
        CommandExample("flags diff preset:checkout", "what differs from the preset checkout"),
    ]

    let target: String?
    let json: Bool

    init(arguments: inout ArgumentList) throws(CLIError) {
        json = arguments.take(Self.json)
        let words = try arguments.positionals(command: Self.name)
        guard words.count <= 1 else { throw .usage("expected at most one FILE or preset:NAME", command: Self.name) }
        target = words.first
    }

    struct Difference {
        var kind: String
        var id: String
        var current: String?
        var saved: String?
    }

    func run(in context: CommandContext) throws {
        let environment = try context.environment()
        guard let target else { return try showOverridesInForce(environment, context) }
        let saved: SavedFlagState
        if target.hasPrefix("preset:") {
            saved = try PresetStore(environment: environment).load(String(target.dropFirst("preset:".count)))
        } else {
            let path = context.absolutePath(target)
            saved = try SavedFlagStateReader(registry: environment.registry).read(try ImportCommand.readSavedState(path), file: path)
        }
        let current = SavedFlagState.capture(from: environment)
        var differences = Self.compare("override", current.overrides.mapValues(OnOff.text), saved.overrides.mapValues(OnOff.text))
        differences += Self.compare("preference", current.userPreferences.mapValues(OnOff.text), saved.userPreferences.mapValues(OnOff.text))
        differences += Self.compare("typed preference", current.typedPreferences, saved.typedPreferences)
        differences += Self.compare("forced branch", current.forcedBranches, saved.forcedBranches)
        differences += Self.compare("feature override", current.featureVariableTexts, saved.featureVariableTexts)
        report(differences, against: target, context: context)
        // As diff(1): exit 1 when there are differences, so a script can test for them.
        if !differences.isEmpty { throw CLIError.answeredNo }
    }

    private func report(_ differences: [Difference], against target: String, context: CommandContext) {
        if json {
            context.console.printJSON(JSONValue.object([
                "against": .string(target),
                "equal": .bool(differences.isEmpty),
                "differences": .array(differences.map { difference in
                    .object(["kind": .string(difference.kind), "id": .string(difference.id),
                             "current": difference.current.map(JSONValue.string) ?? .null,
                             "saved": difference.saved.map(JSONValue.string) ?? .null])
                }),
            ]))
            return
        }
        guard !differences.isEmpty else {
            context.console.print("No differences from \(target).")
            return
        }
        let rows = differences.map { [$0.kind, $0.id, $0.current ?? "-", $0.saved ?? "-"] }
        var table = TextTable(header: ["KIND", "ID", "CURRENT", "SAVED"], rows: rows)
        // As a diff shows lines: what is now in green, what was saved in red.
        table.style = { column, _ in column == 2 ? .green : column == 3 ? .red : nil }
        context.print(table)
    }

    static func compare(_ kind: String, _ current: [String: String], _ saved: [String: String]) -> [Difference] {
        Set(current.keys).union(saved.keys).sorted().compactMap { id in
            current[id] == saved[id] ? nil : Difference(kind: kind, id: id, current: current[id], saved: saved[id])
        }
    }

    private func showOverridesInForce(_ environment: FlagsEnvironment, _ context: CommandContext) throws {
        let states = environment.registry.flags.map(environment.provider.state(of:)).filter { $0.override != nil }
        if json {
            context.console.printJSON(JSONValue.array(states.map { state in
                .object(["id": .string(state.flag.rawValue), "enabled": .bool(state.enabled), "nimbus": .bool(state.nimbus.enabled),
                         "nimbusSource": .string(state.nimbus.source.name), "active": .bool(!state.overrideIsInactive),
                         "overrideSetAt": state.overrideSetAt.map { .string(Timestamp.iso8601($0)) } ?? .null])
            }))
            return
        }
        // Forced branches and feature overrides change Nimbus's values themselves: named after the flags.
        let nimbus = NimbusOverrideStore(prefs: environment.prefs).overrides
        var nimbusLines = nimbus.forcedBranches.sorted { $0.key < $1.key }.map { "forced branch \($0.key): \($0.value)" }
        nimbusLines += SavedFlagState(app: "", channel: "", featureValues: nimbus.featureValues).featureVariableTexts
            .sorted { $0.key < $1.key }.map { "feature override \($0.key): \($0.value)" }
        if !nimbusLines.isEmpty && !environment.buildChannel.allowsDebugOverrides {
            nimbusLines = nimbusLines.map { $0 + " (inactive)" }
        }
        defer { nimbusLines.forEach { context.console.print($0) } }
        guard !states.isEmpty else {
            if nimbusLines.isEmpty { context.console.print("No overrides in force: every flag has its Nimbus value.") }
            return
        }
        let rows = states.map { state in
            [state.flag.rawValue, OnOff.text(state.override!) + (state.overrideIsInactive ? " (inactive)" : ""),
             OnOff.text(state.nimbus.enabled), state.nimbus.source.summary, state.overrideSetAt.map { Timestamp.age(since: $0) } ?? "-"]
        }
        var table = TextTable(header: ["FLAG", "OVERRIDE", "NIMBUS", "NIMBUS SOURCE", "AGE"], rows: rows)
        table.style = { column, _ in column == 1 ? .yellow : nil }
        context.print(table)
    }
}
#endif
