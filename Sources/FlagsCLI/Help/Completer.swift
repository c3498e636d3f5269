#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import CommandLineArguments
import FeatureFlags
import FlagsTool
import RemoteSettings
import Platform
import Prefs

/// `flags __complete WORD... CURRENT`: what the completion scripts call at each Tab. It prints
/// the candidates for CURRENT (the word being typed, maybe empty) one a line, each followed by
/// a tab and its description when it has one (a command's summary, a flag's menu title) for
/// zsh and fish to show, or the one line `:files` when the shell should offer file names.
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

    /// One word to offer, and what it is.
    struct Candidate: Equatable {
        var word: String
        var description: String?

        init(_ word: String, _ description: String? = nil) {
            self.word = word
            self.description = description
        }
    }

    let specs: [CommandSpec]
    let options: FlagsOptions

    func candidates(for words: [String]) -> [Candidate] {
        let current = words.last ?? ""
        var options = options
        var command: CommandSpec?
        var positionals: [String] = []
        var given: [OptionSpec] = []
        var pending: (option: String, spec: OptionSpec)?
        for word in words.dropLast() {
            if let (name, spec) = pending {
                pending = nil
                // An optional value (`--remote`) is the next word only when the parser would take it.
                if spec.optionalValue?(word) ?? true {
                    remember(name, word, in: &options)
                    continue
                }
            }
            if word == "--" { return [] }
            if word.hasPrefix("-") {
                let name = String(word.prefix { $0 != "=" })
                guard let spec = CommandLineSpec.globalOption(named: name) ?? command?.option(named: name) else { continue }
                given.append(spec)
                if spec.value != nil {
                    if word.contains("=") { remember(name, String(word.drop { $0 != "=" }.dropFirst()), in: &options) }
                    else { pending = (name, spec) }
                }
                continue
            }
            if command == nil, let found = specs.first(where: { $0.name == word }) {
                command = found
                continue
            }
            positionals.append(word)
        }
        // After an optional value's option the word may be either: a URL has nothing to
        // complete, so the positional's candidates are offered.
        if let (_, spec) = pending, let kind = spec.value, spec.optionalValue == nil { return values(kind, current, options) }
        if current.hasPrefix("--"), let equals = current.firstIndex(of: "=") {
            // `--channel=be`: the value's candidates, each written after the same `--channel=`.
            let name = String(current[..<equals])
            guard let kind = (CommandLineSpec.globalOption(named: name) ?? command?.option(named: name))?.value else { return [] }
            let found = values(kind, String(current[current.index(after: equals)...]), options)
            return found == [Candidate(Self.filesDirective)] ? found : found.map { Candidate(name + "=" + $0.word, $0.description) }
        }
        if current.hasPrefix("-") {
            let all = CommandLineSpec.globalOptions + (command?.options ?? [])
            return filtered(all.flatMap { option in
                option.names.filter { $0.hasPrefix("--") || current.count <= 2 }.map { Candidate($0, option.summary) }
            }, current)
        }
        guard let command else { return commandNames(current) }
        if let first = command.argument(at: 0, given: given), let assigned = first.assignedValue,
           (positionals + [current]).contains(where: { $0.contains("=") }) {
            // `flags set a=on b=o`: every word is an assignment, its key and then its value.
            guard let equals = current.firstIndex(of: "=") else { return values(first.kind, current, options) }
            let key = String(current[...equals])
            let found = values(assigned, String(current[current.index(after: equals)...]), options)
            return found == [Candidate(Self.filesDirective)] ? found : found.map { Candidate(key + $0.word, $0.description) }
        }
        guard let argument = command.argument(at: positionals.count, given: given) else { return [] }
        return values(argument.kind, current, options)
    }

    /// Keeps what the typed global options say about where the app is.
    private func remember(_ option: String, _ value: String, in options: inout FlagsOptions) {
        func isSpelling(of declared: ValueOption) -> Bool { declared.spec.names.contains(option) }
        if isSpelling(of: CommandLineSpec.config) { options.configPath = value }
        if isSpelling(of: CommandLineSpec.store) { options.storePath = value }
        if isSpelling(of: CommandLineSpec.experiments) { options.experiments = value }
        if isSpelling(of: CommandLineSpec.channel) { options.channel = ChannelName(value) }
    }

    private func values(_ kind: ValueKind, _ current: String, _ options: FlagsOptions) -> [Candidate] {
        switch kind.completion {
        case .files: return [Candidate(Self.filesDirective)]
        case .words(let words): return filtered(words.map { Candidate($0) }, current)
        case .none: return []
        case .domain: break
        }
        switch kind {
        case .channel:
            // The manifest's channels (Fenix: release, beta, nightly, developer), as --channel takes them.
            let channels = registry(options)?.manifest.channels ?? BuildChannel.allCases.map(\.rawValue)
            return filtered(channels.map { Candidate($0) }, current)
        case .commandName: return commandNames(current)
        case .flagID:
            return filtered(registry(options)?.flags.map { Candidate($0.rawValue, $0.definition.debug?.title) } ?? [], current)
        case .presetName:
            return filtered(app(options).map { PresetStore(environment: $0).list().map { Candidate($0.name) } } ?? [], current)
        case .experimentSlug:
            // A slug Kinto would refuse cannot be a real record's: a cached one such as
            // `../../buckets/main` is never offered to a command that puts it in a URL.
            let slugs = app(options)?.experiments.records.map(\.slug).filter(RemoteSettingsID.isValid) ?? []
            return filtered(slugs.map { Candidate($0) }, current)
        case .featureID:
            guard let manifest = registry(options)?.manifest else { return [] }
            return filtered(manifest.featureIDs.map { Candidate($0, manifest.feature($0)?.description) }, current)
        case .preferenceName:
            guard let registry = registry(options) else { return [] }
            let typed = registry.preferences.map { Candidate($0.id, "one of: " + $0.variants.joined(separator: ", ")) }
            let onOff = registry.userPreferenceFlagIndices.map { registry.flags[$0] }.map { Candidate($0.rawValue, $0.definition.debug?.title) }
            return filtered(typed + onOff, current)
        case .savedState:
            if current.hasPrefix("preset:") || "preset:".hasPrefix(current) && !current.isEmpty {
                let names = app(options).map { PresetStore(environment: $0).list().map { Candidate("preset:" + $0.name) } } ?? []
                return filtered(names, current)
            }
            return [Candidate(Self.filesDirective)]
        case .bisectState:
            // The keywords and the presets while one can still be meant; a path is a file.
            let presets = app(options).map { PresetStore(environment: $0).list().map { Candidate($0.name, "preset") } } ?? []
            let words = current.contains("/") ? [] : filtered(SavedStateArgument.keywords.map { Candidate($0) } + presets, current)
            return words.isEmpty ? [Candidate(Self.filesDirective)] : words
        default: return []
        }
    }

    private func commandNames(_ current: String) -> [Candidate] {
        filtered(specs.map { Candidate($0.name, $0.summary) }, current)
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

    /// The candidates whose word starts with `prefix`, sorted by word, without any a shell
    /// would have to quote; descriptions are cut to one short line.
    private func filtered(_ candidates: [Candidate], _ prefix: String) -> [Candidate] {
        var seen = Set<String>()
        return candidates.filter { candidate in
            let word = candidate.word
            return word.hasPrefix(prefix) && !word.isEmpty && TerminalSafeText.sanitized(word) == word
                && !word.contains(where: { " \t'\"\\$`;&|<>()*?[]{}!#~".contains($0) }) && seen.insert(word).inserted
        }.map { candidate in
            Candidate(candidate.word, candidate.description.map { $0.count > 60 ? String($0.prefix(59)) + "…" : $0 })
        }.sorted { $0.word < $1.word }
    }
}
#endif
