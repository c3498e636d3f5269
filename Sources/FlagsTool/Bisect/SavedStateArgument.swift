import FeatureFlags
import Formats
import Platform

/// A STATE on the command line of `flags bisect` (`--good STATE`, `--bad STATE`), read into the
/// state it names:
/// - `current`: what the store holds now;
/// - `defaults`: no override, forced branch, feature override or preference at all;
/// - a preset's name, or `preset:NAME`;
/// - a file written by `flags export` (a path: it exists, holds a `/`, or ends in `.json`);
/// - a combination as a matrix prints it, `tipJar=on,reviews=off,FEATURE.VARIABLE=VALUE`,
///   applied on top of the current state.
///
/// ```swift
/// let state = try SavedStateArgument.read("checkout", option: "--bad", environment: env, workingDirectory: cwd)
/// ```
public enum SavedStateArgument {
    public static let keywords = ["current", "defaults"]

    public static func read(_ text: String, option: String, environment: FlagsEnvironment,
                            workingDirectory: String) throws(SavedStateArgumentError) -> SavedFlagState {
        let current = SavedFlagState.capture(from: environment)
        switch text {
        case "": throw SavedStateArgumentError(message: "\(option) needs a STATE: \(howToName)")
        case "current": return current
        case "defaults": return SavedFlagState(app: current.app, channel: current.channel)
        default: break
        }
        let path = FlagsEnvironment.absolute(text, in: workingDirectory)
        if text.hasPrefix("preset:") {
            return try preset(String(text.dropFirst("preset:".count)), option: option, environment: environment)
        }
        if isFile(path) || text.contains("/") || text.hasSuffix(".json") {
            let bytes: [UInt8]
            do {
                bytes = try BoundedFileReader.read(path: path, limit: SavedFlagStateReader.maximumSize)
            } catch {
                throw SavedStateArgumentError(message: "\(option) \(text): cannot read \(path): \(error.reason); \(howToName)")
            }
            do {
                return try SavedFlagStateReader(registry: environment.registry).read(String(decoding: bytes, as: UTF8.self), file: path)
            } catch {
                throw SavedStateArgumentError(message: "\(option) \(text): \(error); write a state file with `flags export --output FILE`")
            }
        }
        if text.contains("=") { return try combination(text, over: current, option: option, environment: environment) }
        return try preset(text, option: option, environment: environment)
    }

    private static func isFile(_ path: String) -> Bool {
        var isDirectory = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && !isDirectory
    }

    static let howToName = "a preset's name (see: flags preset list), a file written by `flags export --output FILE`, "
        + "`current`, `defaults`, or a combination such as tipJar=on,reviews=off"

    private static func preset(_ name: String, option: String, environment: FlagsEnvironment) throws(SavedStateArgumentError) -> SavedFlagState {
        let presets = PresetStore(environment: environment)
        let names = presets.list().map(\.name)
        guard names.contains(name) else {
            let hint = NearestName.find(name, among: names + keywords).map { " (did you mean '\($0)'?)" } ?? ""
            throw SavedStateArgumentError(message: "\(option) \(name): no preset and no file of that name\(hint); give \(howToName)")
        }
        do {
            return try presets.load(name)
        } catch {
            throw SavedStateArgumentError(message: "\(option) \(name): \(ErrorText.describe(error))")
        }
    }

    /// `a=on,b=off,FEATURE.VARIABLE=VALUE` over `base`: flags take on/off, typed preferences a
    /// variant, feature variables a value as `flags feature set` reads it.
    static func combination(_ text: String, over base: SavedFlagState, option: String,
                            environment: FlagsEnvironment) throws(SavedStateArgumentError) -> SavedFlagState {
        var state = base
        let registry = environment.registry
        for part in text.split(separator: ",") {
            let pieces = part.split(separator: "=", maxSplits: 1).map(String.init)
            func fail(_ problem: String) -> SavedStateArgumentError {
                SavedStateArgumentError(message: "\(option) \(text): `\(part)`: \(problem)")
            }
            guard pieces.count == 2, !pieces[0].isEmpty else { throw fail("expected ID=VALUE") }
            let (id, value) = (pieces[0], pieces[1])
            if let flag = registry.flagIfPresent(id) {
                guard flag.isDebuggable else { throw fail("flag `\(id)` is not debuggable (no debugKey), so it cannot be overridden") }
                switch value {
                case "on", "true": state.overrides[id] = true
                case "off", "false": state.overrides[id] = false
                default: throw fail("a flag is on or off, found `\(value)`")
                }
                state.overrideSetAt[id] = nil
            } else if let preference = try? registry.preference(id) {
                guard preference.variants.contains(value) else { throw fail("expected one of \(preference.variants.joined(separator: ", "))") }
                state.typedPreferences[id] = value
            } else if let dot = id.firstIndex(of: ".") {
                let feature = String(id[..<dot]), variable = String(id[id.index(after: dot)...])
                do {
                    let parsed = try FeatureValueInput.parse(value, variable: variable, feature: feature, manifest: registry.manifest)
                    state.featureValues[feature, default: [:]][variable] = parsed
                } catch {
                    throw fail("\(error)")
                }
            } else {
                let names = registry.flags.map(\.rawValue) + registry.preferences.map(\.id)
                let hint = NearestName.find(id, among: names).map { " (did you mean `\($0)`?)" } ?? ""
                throw fail("no flag, preference or FEATURE.VARIABLE of that name\(hint)")
            }
        }
        return state
    }
}

/// A STATE argument that names nothing readable: the sentence says which option, what was
/// wrong, and what a STATE can be.
public struct SavedStateArgumentError: Error, CustomStringConvertible, Sendable {
    public var message: String
    public var description: String { message }
}
