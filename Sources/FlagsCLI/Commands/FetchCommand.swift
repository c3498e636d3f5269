#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
import CommandLineArguments
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FeatureFlags
import Formats
import RemoteSettings
import Platform

/// `flags fetch`: asks the Remote Settings server now and says what changed.
struct FetchCommand: FlagsCommand {
    static let name = "fetch"
    static let summary = "Fetch experiments from Remote Settings now and show what changed"
    static let usage = "flags fetch [--force] [--json]"
    static let help = """
        Asks the app's Remote Settings (Kinto) server for its experiment records (a conditional
        request with the last ETag), keeps a good answer in the store's offline cache, and prints
        which records were added, removed or changed (by slug). When the server cannot be reached
        or answers badly, the cached records are kept and their age is reported. The source is
        the registry's `experiments:` (a URL or a `remote-settings:` block) or --experiments URL.
        """
    static let force = SharedOptions.force("ask even if the server asked clients to back off (Backoff / Retry-After)")
    static let json = FlagOption.json("print {url, status, added, removed, changed, records} as JSON")
    static let options: [any DeclaredOption] = [force, json]

    let force: Bool
    let json: Bool

    init(arguments: inout ArgumentList) throws(CLIError) {
        force = arguments.take(Self.force)
        json = arguments.take(Self.json)
        try arguments.expectNoPositionals(command: Self.name)
    }

    func run(in context: CommandContext) throws {
        let policy: ExperimentsFetchPolicy = force ? .force : .fetch
        let experiments = try context.environment { $0.fetchPolicy = policy }.experiments
        guard let remote = experiments.remote else {
            throw CLIError.failure("this app's experiments come from \(experiments.source ?? "nowhere"), not a Remote Settings server; "
                + "set `experiments:` in the registry to a URL or a `remote-settings:` block, or pass --experiments URL")
        }
        let diff = remote.diff
        if json {
            context.console.printJSON(JSONValue.object([
                "url": .string(remote.url.absoluteString),
                "status": .string("\(remote.status)"),
                "current": .bool(remote.status.isCurrent),
                "added": .array(diff.added.map(JSONValue.string)),
                "removed": .array(diff.removed.map(JSONValue.string)),
                "changed": .array(diff.changed.map(JSONValue.string)),
                "records": .int(remote.records.records.count),
                "backoffUntil": remote.backoffUntil.map { .string(Timestamp.iso8601($0.timeIntervalSince1970)) } ?? .null,
            ]))
        } else {
            context.console.print("\(remote.url.absoluteString): \(remote.status)")
            if diff.isEmpty {
                context.console.print(remote.status.isCurrent ? "No records changed." : "Nothing changed in the cache.")
            } else {
                for slug in diff.added { context.console.print("  added:   \(slug)") }
                for slug in diff.removed { context.console.print("  removed: \(slug)") }
                for slug in diff.changed { context.console.print("  changed: \(slug)") }
            }
            context.console.print("\(Plural.of(remote.records.records.count, "record")) in use.")
            if let until = remote.backoffUntil, until > Date() {
                context.console.print("The server asked clients to back off: not asked again \(RemoteSettingsBackoff.describeWait(until: until, now: Date())) unless --force.")
            }
        }
        if case .noData = remote.status { throw CLIError.failure("no records could be fetched and none are cached") }
        if !remote.status.isCurrent { throw CLIError.failure("the server could not be used; the cached records were kept") }
    }
}
#endif
