#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import CommandLineArguments
import FeatureFlags
import FlagsTool
import Platform

/// The Remote Settings server a team command writes to: `--remote URL` (`…/v1`), else
/// `$FLAGS_REMOTE_URL`, else the registry's `remote-settings: server:`, with the credentials for
/// it (`RemoteSettingsCredentials`): the environment's only for a server the user named there or
/// on the command line, a netrc login for its own host, never from the command line.
///
/// ```swift
/// let records = try RemoteServerOption(url: "http://127.0.0.1:8888/v1", command: "preset")
///     .records(registry: registry, isDemo: false, bucket: "flags", collection: "presets", environment: env)
/// ```
struct RemoteServerOption {
    var url: String?
    /// Whether `--remote` was given, with or without a URL.
    var isGiven: Bool
    /// `--allow-http`: credentials may cross the network without TLS.
    var allowsPlainHTTP: Bool
    var command: String

    /// Whether the word after `--remote` is its URL rather than a positional argument.
    static let isURL: @Sendable (String) -> Bool = { $0.contains("://") }

    /// `--remote [URL]` as a command declares it, with what leaving the URL out means for it.
    static func remote(_ help: String) -> ValueOption {
        ValueOption("--remote", value: .text("URL"), optionalValue: isURL, help: help)
    }

    /// `--allow-http`, which every command taking `--remote` declares beside it.
    static let allowHTTP = FlagOption("--allow-http", help: "send the credentials over plain http to another machine (only on a network you trust)")

    /// Reads `--remote [URL]` (a URL is a word with `://`), refusing one that carries a login.
    /// `declared` is the command's own `--remote`, which says what leaving the URL out means.
    init(_ declared: ValueOption, arguments: inout ArgumentList, command: String) throws(CLIError) {
        self.command = command
        allowsPlainHTTP = arguments.take(Self.allowHTTP)
        (isGiven, url) = arguments.optionalValue(of: declared)
        if let url, let parsed = URL(string: url), parsed.user != nil || parsed.password != nil {
            throw .usage("\(declared.name) must not carry a login (user:password@): a command line is visible to other users and kept in shell history; "
                         + "put the login in ~/.netrc (machine \(parsed.host ?? "HOST") login USER password PASSWORD) or in "
                         + "\(RemoteSettingsCredentials.userVariable)/\(RemoteSettingsCredentials.passwordVariable)", command: command)
        }
    }

    /// The server root (without `/v1`) and who named it: `--remote`, else `$FLAGS_REMOTE_URL`,
    /// else the registry's `remote-settings:` server, else the server its experiments come from.
    func server(registry: FeatureFlagRegistry, isDemo: Bool, environment: [String: String]) throws(CLIError) -> (root: URL, origin: RemoteServerOrigin) {
        let variable = RemoteSettingsCredentials.serverVariable
        var experimentsServer: String?
        if case .remote(let client) = registry.experiments { experimentsServer = client.server.absoluteString }
        let named: (text: String, origin: RemoteServerOrigin)? = url.map { ($0, .commandLine) }
            ?? environment[variable].flatMap { $0.isEmpty ? nil : ($0, .environment(variable)) }
            ?? (registry.remoteSettings?.server ?? experimentsServer).map { ($0, .file(registry.path)) }
        guard let named else {
            // The demo's files are written anew on every run: an edit there would vanish unseen.
            let registryEdit = isDemo
                ? "or copy the built-in demo's folder (cp -r \(FilePathText.folder(of: registry.path)) my-app), add `remote-settings: {server: URL}` "
                    + "to my-app/feature-flags.yaml and run flags there"
                : "or add `remote-settings: {server: URL}` to \(registry.path)"
            throw .failure("no Remote Settings server to use: give --remote URL (such as https://rs.example.com/v1) or set $\(variable), " + registryEdit)
        }
        guard let root = RemoteSettingsRecords.serverRoot(named.text) else {
            let from = switch named.origin {
            case .commandLine: RemoteServerOrigin.commandLine.description
            case .environment: "$\(variable)"
            case .file: "`remote-settings.server` in \(registry.path)"
            }
            throw .usage("\(from) must be an http:// or https:// URL such as https://rs.example.com/v1, found '\(named.text)'", command: command)
        }
        return (root, named.origin)
    }

    /// The collection `bucket`/`collection` on the server, with the credentials that may go there.
    func records(registry: FeatureFlagRegistry, isDemo: Bool, bucket: String, collection: String, environment: [String: String]) throws(CLIError) -> RemoteSettingsRecords {
        let (root, origin) = try server(registry: registry, isDemo: isDemo, environment: environment)
        let credentials: RemoteSettingsCredentials?
        do {
            credentials = try RemoteSettingsCredentials.find(for: root, namedBy: origin, environment: environment, allowingPlainHTTP: allowsPlainHTTP)
        } catch {
            throw .failure(error.description)
        }
        return RemoteSettingsRecords(server: root, bucket: bucket, collection: collection, credentials: credentials)
    }
}
#endif
