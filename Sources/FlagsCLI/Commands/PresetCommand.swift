#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
import CommandLineArguments
import FeatureFlags
import FlagsTool
import Platform

/// `flags preset save|apply|list|show|delete|push|pull`: named flag states kept in the store,
/// and shared with a team through a Remote Settings server.
struct PresetCommand: FlagsCommand {
    static let name = "preset"
    static let summary = "Save, apply, list, show, delete, push or pull named flag states"
    static let usage = "flags preset save|apply|show|delete NAME | flags preset list | flags preset push|pull NAME [--remote URL] [--force] | "
        + "flags preset list --remote [URL] | flags preset delete NAME --remote [URL] [--force]"
    static let help = """
        Presets are named states kept in the app's store, shared by every process using it:
          save NAME     keep the current overrides (forced branches and feature overrides too)
                        and preferences as NAME (replacing it)
          apply NAME    make the overrides exactly NAME's, and set its preferences, in one transaction
          list          the presets, with how many overrides each holds and when it was saved
          show NAME     the preset as JSON (the `flags export` format)
          delete NAME   forget the preset
        In the menu, `s` saves the current state as a preset and `p` applies one.

        Shared presets live on a Remote Settings (Kinto) server, as records of bucket `flags`,
        collection `presets` (the registry's `remote-settings:` block can name others):
          push NAME             upload the saved preset NAME; refused when someone changed it on the
                                server since this machine last pulled or pushed it (their changes
                                are shown); --force overwrites
          pull NAME             download NAME and apply it like `flags import --replace` (checked
                                first, one transaction, all or nothing), saving it as preset NAME
          list --remote         the shared presets, with who changed each last and when
          delete NAME --remote  delete the shared preset (the local one stays); --force as for push

        Credentials: $FLAGS_REMOTE_TOKEN (a bearer token), or $FLAGS_REMOTE_USER and
        $FLAGS_REMOTE_PASSWORD (a Kinto account), sent only to the server named by --remote or
        $FLAGS_REMOTE_URL, never to one a registry names; or the server's host in ~/.netrc
        ($NETRC names another file), which must be yours and private (chmod 600). They are never
        read from the command line, printed or stored, and never sent over plain http to another
        machine without --allow-http. What you may read and write is the server's permissions: a
        read-only member can pull, not push.
        """
    static let remoteOption = RemoteServerOption.remote("the server (…/v1) of the shared presets; without a URL (or left out, for push "
                                                        + "and pull), the registry's `remote-settings: server:`")
    static let force = SharedOptions.force("push, delete --remote: overwrite (or delete) a shared preset someone else changed")
    static let options: [any DeclaredOption] = [remoteOption, force, RemoteServerOption.allowHTTP]
    static let arguments = [ArgumentSpec(.choice(Action.allCases.map(\.rawValue))), ArgumentSpec(.presetName)]
    static let examples = [
        CommandExample("flags preset save checkout", "keep the current overrides as checkout; `flags preset apply checkout` brings them back"),
        CommandExample("flags preset push checkout", "share it with the team, who get it with `flags preset pull checkout`"),
    ]

    enum Action: String, CaseIterable { case save, apply, list, show, delete, push, pull }

    let action: Action
    let presetName: String?
    let remote: RemoteServerOption
    /// `list --remote` and `delete --remote`: the shared presets, not the store's.
    let onServer: Bool
    let force: Bool

    init(arguments: inout ArgumentList) throws(CLIError) {
        force = arguments.take(Self.force)
        // `--remote` alone means the registry's server; with a URL, that one.
        remote = try RemoteServerOption(Self.remoteOption, arguments: &arguments, command: Self.name)
        let words = try arguments.positionals(command: Self.name)
        guard let first = words.first, let action = Action(rawValue: first) else {
            throw .usage(words.isEmpty ? "missing the action: save, apply, list, show, delete, push or pull" : "unknown action '\(words[0])'\(NearestName.suggestion(for: words[0], among: Action.allCases.map(\.rawValue))); expected save, apply, list, show, delete, push or pull", command: Self.name)
        }
        self.action = action
        onServer = remote.isGiven || action == .push || action == .pull
        if onServer && ![.list, .delete, .push, .pull].contains(action) {
            throw .usage("`preset \(action.rawValue)` works on this machine's store; only push, pull, list and delete take --remote", command: Self.name)
        }
        if force && ![.push, .delete].contains(action) || force && action == .delete && !onServer {
            throw .usage("--force is for `preset push` and `preset delete --remote`", command: Self.name)
        }
        if action == .list {
            guard words.count == 1 else { throw .usage("`preset list` takes no NAME", command: Self.name) }
            presetName = nil
        } else {
            guard words.count == 2 else { throw .usage("`preset \(action.rawValue)` needs one NAME", command: Self.name) }
            presetName = words[1]
        }
    }

    func run(in context: CommandContext) throws {
        let presets = PresetStore(environment: try context.environment())
        let name = presetName ?? ""
        if onServer { return try runShared(presets, name: name, context: context) }
        switch action {
        case .save:
            let state = SavedFlagState.capture(from: presets.environment)
            try presets.save(name, state: state)
            context.console.print("saved preset \(name): \(state.summary)")
        case .apply:
            let changes = try presets.apply(name)
            context.console.print("applied preset \(name) (\(changes.isEmpty ? "no changes" : Plural.of(changes.count, "change")))")
        case .show:
            context.console.printJSON(try presets.load(name).json)
        case .delete:
            try presets.delete(name)
            context.console.print("deleted preset \(name)")
        case .list:
            let all = presets.list()
            guard !all.isEmpty else {
                context.console.print("No presets yet: save one with `flags preset save NAME`.")
                return
            }
            let rows = all.map { entry -> [String] in
                let overrides = (try? presets.load(entry.name)).map { "\($0.overrides.count)" } ?? "unreadable"
                return [entry.name, overrides, Timestamp.iso8601(entry.savedAt)]
            }
            context.console.print(TextTable(header: ["PRESET", "OVERRIDES", "SAVED"], rows: rows))
        case .push, .pull:
            break
        }
    }

    private func runShared(_ presets: PresetStore, name: String, context: CommandContext) throws {
        let registry = presets.environment.registry
        let settings = registry.remoteSettings ?? RegistryRemoteSettings()
        let records = try remote.records(registry: registry, isDemo: context.opensDemo, bucket: settings.bucket,
                                         collection: settings.collection, environment: context.options.environment)
        let shared = SharedPresets(presets: presets, records: records)
        switch action {
        case .push:
            let stored = try shared.push(name, force: force)
            context.console.print("pushed preset \(name) to \(records.recordURL(name).absoluteString) (version \(stored.lastModified))")
        case .pull:
            let changes = try shared.pull(name)
            context.console.print("pulled preset \(name) from \(records.recordURL(name).absoluteString) and applied it "
                                  + "(\(changes.isEmpty ? "no changes" : Plural.of(changes.count, "change"))); saved as preset \(name)")
        case .delete:
            try shared.delete(name, force: force)
            context.console.print("deleted shared preset \(name) from \(records.recordsURL.absoluteString) (the local preset, if any, stays)")
        case .list:
            let all = try shared.list()
            guard !all.isEmpty else {
                context.console.print("No shared presets at \(records.recordsURL.absoluteString) yet: push one with `flags preset push NAME`.")
                return
            }
            let rows = all.map { entry -> [String] in
                [entry.name, entry.overrides.map(String.init) ?? "unreadable", entry.changedBy ?? "-", Timestamp.iso8601(Double(entry.changedAt) / 1000)]
            }
            context.console.print(TextTable(header: ["PRESET", "OVERRIDES", "CHANGED BY", "CHANGED"], rows: rows))
        case .save, .apply, .show:
            break
        }
    }
}
#endif
