#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FeatureFlags
import FlagsTool
import Platform
import Prefs

/// `flags __complete WORD... CURRENT`: what the completion scripts call at each Tab. It prints
/// the candidates for CURRENT (the word being typed, maybe empty) one a line, or the one line
/// `:files` when the shell should offer file names.
///
/// Commands and options come from the command table; values from the app itself, read as the
/// words typed so far say (`--config`, `--store`): flag ids from its registry, preset names from
/// its store (never created by a Tab), slugs from the cached experiment records. It never asks a
/// server, and a candidate
/// that would need quoting or holds a control character is left out rather than sent to a shell.
///
/// ```swift
/// Completer(specs: FlagsCommandLine.specs, options: FlagsOptions()).candidates(for: ["get", "new"])
/// ```
struct Completer {
    /// The line a script reads as "complete file names here".
    static let filesDirective = ":files"

    let specs: [CommandSpec]
    let options: FlagsOptions

    func candidates(for words: [String]) -> [String] {
        let current = words.last ?? ""
        var options = options
        var command: CommandSpec?
        var positionals: [String] = []
        var pending: (option: String, kind: ValueKind)?
        for word in words.dropLast() {
            if let (name, _) = pending {
                remember(name, word, in: &options)
                pending = nil
                continue
            }
            if word == "--" { return [] }
            if word.hasPrefix("-") {
                let name = String(word.prefix { $0 != "=" })
                let spec = CommandLineSpec.globalOption(named: name) ?? command?.option(named: name)
                if let kind = spec?.value {
                    if word.contains("=") { remember(name, String(word.drop { $0 != "=" }.dropFirst()), in: &options) }
                    else { pending = (name, kind) }
                }
                continue
            }
            if command == nil, let found = specs.first(where: { $0.name == word }) {
                command = found
                continue
            }
            positionals.append(word)
        }
        if let (_, kind) = pending { return values(kind, current, options) }
        if current.hasPrefix("--"), let equals = current.firstIndex(of: "=") {
            // `--channel=be`: the value's candidates, each written after the same `--channel=`.
            let name = String(current[..<equals])
            guard let kind = (CommandLineSpec.globalOption(named: name) ?? command?.option(named: name))?.value else { return [] }
            let found = values(kind, String(current[current.index(after: equals)...]), options)
            return found == [Self.filesDirective] ? found : found.map { name + "=" + $0 }
        }
        if current.hasPrefix("-") {
            let all = CommandLineSpec.globalOptions + (command?.options ?? [])
            return filtered(all.flatMap(\.names).filter { $0.hasPrefix("--") || current.count <= 2 }, current)
        }
        guard let command else { return filtered(specs.map(\.name), current) }
        guard let argument = command.argument(at: positionals.count) else { return [] }
        return values(argument.kind, current, options)
    }

    /// Keeps what the typed global options say about where the app is.
    private func remember(_ option: String, _ value: String, in options: inout FlagsOptions) {
        switch option {
        case "--config": options.configPath = value
        case "--store": options.storePath = value
        case "--experiments": options.experiments = value
        case "--channel": options.channel = BuildChannel(rawValue: value.lowercased())
        default: break
        }
    }

    private func values(_ kind: ValueKind, _ current: String, _ options: FlagsOptions) -> [String] {
        switch kind {
        case .file: return [Self.filesDirective]
        case .choice(let words): return filtered(words, current)
        case .channel: return filtered(BuildChannel.allCases.map(\.rawValue), current)
        case .commandName: return filtered(specs.map(\.name), current)
        case .text, .duration: return []
        case .flagID: return filtered(registry(options)?.flags.map(\.rawValue) ?? [], current)
        case .presetName:
            return filtered(app(options).map { PresetStore(environment: $0).list().map(\.name) } ?? [], current)
        case .experimentSlug: return filtered(app(options)?.experiments.records.map(\.slug) ?? [], current)
        case .savedState:
            if current.hasPrefix("preset:") || "preset:".hasPrefix(current) && !current.isEmpty {
                let names = app(options).map { PresetStore(environment: $0).list().map { "preset:" + $0.name } } ?? []
                return filtered(names, current)
            }
            return [Self.filesDirective]
        }
    }

    /// The registry the options name (or `flags` would find); nil when it cannot be loaded
    /// (completion then offers nothing rather than an error in the middle of a command line).
    private func registry(_ options: FlagsOptions) -> FeatureFlagRegistry? {
        guard let (path, _) = try? RegistryDiscovery.locate(options) else { return nil }
        return try? RegistrySnapshot(cache: SnapshotCache(environment: options.environment)).load(path: path)
    }

    /// The app with its store, from cached records only, when that store exists: a Tab must
    /// not create a store at a path still being typed.
    private func app(_ options: FlagsOptions) -> FlagsEnvironment? {
        guard let registry = registry(options) else { return nil }
        let store = options.storePath ?? options.environment["FLAGS_STORE"].flatMap { $0.isEmpty ? nil : $0 }
            ?? SQLitePrefs.defaultPath(forApp: registry.app, environment: options.environment)
        guard FileManager.default.fileExists(atPath: FlagsEnvironment.absolute(store, in: options.workingDirectory)) else { return nil }
        var options = options
        options.fetchPolicy = .cacheOnly
        return try? RegistryDiscovery.open(options)
    }

    /// The words that start with `prefix`, sorted, without any a shell would have to quote.
    private func filtered(_ words: [String], _ prefix: String) -> [String] {
        Array(Set(words.filter { word in
            word.hasPrefix(prefix) && !word.isEmpty && TerminalSafeText.sanitized(word) == word
                && !word.contains(where: { " \t'\"\\$`;&|<>()*?[]{}!#~".contains($0) })
        })).sorted()
    }
}
#endif
