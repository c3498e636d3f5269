import Formats
import Nimbus
import RemoteSettings
import Prefs
import Platform

/// The registry file `feature-flags.yaml` as written, checked for shape but not yet against the
/// manifest. `FeatureFlagRegistry.load` turns it into the registry the app uses.
///
/// ```yaml
/// app: bibimbap                 # names the store folder
/// manifest: nimbus.fml.yaml     # relative to this file
/// experiments: experiments.json # optional: a file, a Remote Settings URL, or a
///                               # `remote-settings: {server, bucket, collection}` block
/// channels: { developer: debug } # optional: a build channel's name in the manifest
/// flags:
///   newBibimbapMenu:
///     feature: bibimbap-feature
///     variable: enabled
///     debug: { title: Bibimbap Menu, status: Toggle the new bibimbap menu }
///     userPrefsKey: NewBibimbapMenu
///   sponsoredShortcuts:
///     default: true
/// preferences:
///   startAtHome: { feature: start-at-home-feature, variable: setting, userPrefsKey: StartAtHomeUserPrefsKey }
/// context:                      # optional: what the app gives Nimbus for targeting
///   app_name: firefox_ios       # AppContext fields (strings; installation_date in ms);
///   app_version: "121.0"        # app_name and app_id default to `app:`
///   os: iOS
///   is_default_browser: false   # anything else is a custom targeting attribute
/// remote-settings:              # optional: the team's server, where shared presets live
///   server: https://rs.example.com/v1
///   bucket: flags               # default: flags
///   collection: presets         # default: presets
/// ```
package struct RegistryFile {
    /// One flag as written. A class: the validator walks the flags several times, and copying a
    /// value of nine fields, most of them reference-counted, for each of 100,000 flags in each
    /// walk was a tenth of a cold load's registry work.
    package final class Flag: Sendable {
        package let id: String
        package let feature: String?
        let variable: String?
        let debug: FeatureFlagDefinition.DebugRow?
        let userPrefsKey: String?
        let fallback: Bool?
        let mark: YAMLMark
        let featureMark: YAMLMark?
        let variableMark: YAMLMark?

        init(id: String, mark: YAMLMark, feature: String?, featureMark: YAMLMark?, variable: String?, variableMark: YAMLMark?,
             debug: FeatureFlagDefinition.DebugRow?, userPrefsKey: String?, fallback: Bool?) {
            self.id = id
            self.mark = mark
            self.feature = feature
            self.featureMark = featureMark
            self.variable = variable
            self.variableMark = variableMark
            self.debug = debug
            self.userPrefsKey = userPrefsKey
            self.fallback = fallback
        }
    }

    package struct Preference {
        package var id: String
        package var feature: String
        var variable: String
        var userPrefsKey: String
        var mark: YAMLMark
    }

    var path: String
    var app: String
    package var manifestPath: String
    /// Where `manifest:` is written, for errors about the file it names.
    var manifestMark: YAMLMark
    var experiments: ExperimentsSource?
    package var flags: [Flag]
    package var preferences: [Preference]
    var buildFlags: [BuildFlagDefinition] = []
    var context: [String: JSONValue] = [:]
    /// `channels:`, each build channel mapped with where it is written.
    var channels: [(build: BuildChannel, manifest: String, mark: YAMLMark)] = []
    var remoteSettings: RegistryRemoteSettings?

    static let topLevelKeys = ["app", "manifest", "experiments", "channels", "flags", "preferences", "build-flags", "context", "remote-settings"]
    static let flagKeys = ["feature", "variable", "debug", "userPrefsKey", "default"]
    static let debugKeys = ["title", "status"]
    static let preferenceKeys = ["feature", "variable", "userPrefsKey"]
    static let buildFlagKeys = ["description"] + Distribution.allCases.map(\.rawValue)

    package static func read(path: String) throws(YAMLError) -> RegistryFile {
        let root = try YAMLReader.read(path: path)
        let entries = try root.requireMapping("the registry")
        try rejectUnknownKeys(entries, allowed: topLevelKeys, in: "the registry")
        let folder = FilePathText.folder(of: path)

        func required(_ key: String) throws(YAMLError) -> String {
            guard let node = root[key] else { throw YAMLError(at: root.mark, "missing required key `\(key)`") }
            return try node.requireString("`\(key)`")
        }
        let app = try required("app")
        guard !app.isEmpty, app.allSatisfy({ $0.isLetter || $0.isNumber || "-_.".contains($0) }), !app.hasPrefix(".") else {
            throw YAMLError(at: root["app"]!.mark, "`app` must be a plain name (letters, digits, - _ .), since it names the store folder; found '\(app)'")
        }
        let manifest = try required("manifest")
        let experiments = try root["experiments"].map { node throws(YAMLError) in try readExperiments(node, folder: folder) }

        var flags: [Flag] = []
        if let node = root["flags"] {
            try node.forEachEntry(requiringMapping: "`flags`") { key, value throws(YAMLError) in
                flags.append(try readFlag(YAMLNode.Entry(key: key, value: value)))
            }
        }
        var preferences: [Preference] = []
        for entry in try root["preferences"]?.requireMapping("`preferences`") ?? [] {
            preferences.append(try readPreference(entry))
        }
        var buildFlags: [BuildFlagDefinition] = []
        for entry in try root["build-flags"]?.requireMapping("`build-flags`") ?? [] {
            buildFlags.append(try readBuildFlag(entry))
        }
        var file = RegistryFile(path: path, app: app, manifestPath: resolve(manifest, against: folder), manifestMark: root["manifest"]!.mark,
                                experiments: experiments, flags: flags, preferences: preferences)
        file.buildFlags = buildFlags.sorted { $0.name < $1.name }
        if let context = root["context"] { file.context = try readContext(context) }
        for entry in try root["channels"]?.requireMapping("`channels`") ?? [] {
            let name = try entry.key.requireString("a build channel")
            guard let build = BuildChannel(rawValue: name) else {
                throw YAMLError(at: entry.key.mark, "`channels` maps the build channels to the manifest's; '\(name)' is not one: "
                                + "expected \(BuildChannel.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            let manifestChannel = try entry.value.requireString("the manifest channel of `\(name)`")
            guard !manifestChannel.isEmpty else { throw YAMLError(at: entry.value.mark, "`channels.\(name)` is empty; name a channel of the manifest") }
            file.channels.append((build, manifestChannel, entry.value.mark))
        }
        file.remoteSettings = try root["remote-settings"].map { node throws(YAMLError) in try readTeamRemoteSettings(node) }
        return file
    }

    /// `context:`: the app's targeting attributes. An `AppContext` field must have its type; a
    /// name the SDK computes itself is refused, since on a device the SDK's value replaces it.
    private static func readContext(_ node: YAMLNode) throws(YAMLError) -> [String: JSONValue] {
        var context: [String: JSONValue] = [:]
        var probe = TargetingAttributes(appName: "", appId: "", channel: "")
        for entry in try node.requireMapping("`context`") {
            let name = try entry.key.requireString("a targeting attribute name")
            let value = entry.value.jsonValue
            // `app_name` and `app_id` are the app's to give (Firefox for iOS gives `firefox_ios`,
            // which is no name for a folder like `app:`); the channel is the build's.
            if name == "channel" {
                throw YAMLError(at: entry.key.mark, "`context.channel` comes from the build's channel; remove it, or preview another with --channel CHANNEL")
            }
            if TargetingAttributes.attributeNames.contains(name), !TargetingAttributes.appContextNames.contains(name) {
                throw YAMLError(at: entry.key.mark, "`context.\(name)` is computed by the Nimbus SDK, whose value replaces an app's; remove it, or simulate one with --context \(name)=VALUE")
            }
            if TargetingAttributes.appContextNames.contains(name), value != .null, !probe.setAppContext(name, to: value) {
                let kind = name == "installation_date" ? "an integer (milliseconds since 1970)" : "a string (quote it: \(name): \"\(value.compactText)\")"
                throw YAMLError(at: entry.value.mark, "`context.\(name)` must be \(kind), as the SDK's AppContext has it; found \(value.kindName)")
            }
            context[name] = value
        }
        return context
    }

    /// The top-level `remote-settings: {server, bucket, collection}`: where presets are shared.
    private static func readTeamRemoteSettings(_ node: YAMLNode) throws(YAMLError) -> RegistryRemoteSettings {
        try rejectUnknownKeys(try node.requireMapping("`remote-settings`"), allowed: remoteSettingsKeys, in: "`remote-settings`")
        var settings = RegistryRemoteSettings()
        if let serverNode = node["server"] {
            let text = try serverNode.requireString("`remote-settings.server`")
            guard text.hasPrefix("http://") || text.hasPrefix("https://"), let url = URL(string: text), url.host != nil else {
                throw YAMLError(at: serverNode.mark, "`remote-settings.server` must be an http:// or https:// URL such as https://rs.example.com/v1, found '\(text)'")
            }
            guard url.user == nil, url.password == nil else {
                throw YAMLError(at: serverNode.mark, "`remote-settings.server` must not carry a login: a registry is shared; put it in ~/.netrc or FLAGS_REMOTE_USER/FLAGS_REMOTE_PASSWORD")
            }
            settings.server = text
        }
        for (key, path) in [("bucket", \RegistryRemoteSettings.bucket), ("collection", \RegistryRemoteSettings.collection)] {
            if let value = try readKintoID(node, key) { settings[keyPath: path] = value }
        }
        return settings
    }

    /// `remote-settings.<key>`, which goes into a URL: a Kinto id, or an error at its line.
    private static func readKintoID(_ block: YAMLNode, _ key: String) throws(YAMLError) -> String? {
        guard let valueNode = block[key] else { return nil }
        let value = try valueNode.requireString("`remote-settings.\(key)`")
        do {
            try RemoteSettingsID.check(value, as: "`remote-settings.\(key)`")
        } catch {
            throw YAMLError(at: valueNode.mark, error.description)
        }
        return value
    }

    static let remoteSettingsKeys = ["server", "bucket", "collection"]

    /// `experiments:` is a path, a URL, or `remote-settings: {server, bucket, collection}`.
    private static func readExperiments(_ node: YAMLNode, folder: String) throws(YAMLError) -> ExperimentsSource {
        if let text = node.string { return ExperimentsSource.parse(text, relativeTo: folder.isEmpty ? "." : folder) }
        let entries = try node.requireMapping("`experiments`")
        try rejectUnknownKeys(entries, allowed: ["remote-settings"], in: "`experiments`")
        guard let block = node["remote-settings"] else {
            throw YAMLError(at: node.mark, "`experiments` must be a file path, a URL, or a `remote-settings:` block")
        }
        try rejectUnknownKeys(try block.requireMapping("`remote-settings`"), allowed: remoteSettingsKeys, in: "`remote-settings`")
        guard let serverNode = block["server"] else { throw YAMLError(at: block.mark, "`remote-settings` needs a `server` URL") }
        let serverText = try serverNode.requireString("`remote-settings.server`")
        guard serverText.hasPrefix("http://") || serverText.hasPrefix("https://"), let server = URL(string: serverText) else {
            throw YAMLError(at: serverNode.mark, "`remote-settings.server` must be an http:// or https:// URL, found '\(serverText)'")
        }
        let bucket = try readKintoID(block, "bucket") ?? RemoteSettingsClient.defaultBucket
        let collection = try readKintoID(block, "collection") ?? RemoteSettingsCollection.mobileExperiments.name
        return .remote(RemoteSettingsClient(server: server, bucket: bucket, collection: RemoteSettingsCollection(collection)))
    }

    private static func readFlag(_ entry: YAMLNode.Entry) throws(YAMLError) -> Flag {
        let id = try entry.key.requireString("a flag id")
        try requireSwiftIdentifier(id, at: entry.key, what: "flag id")
        // One walk finds the fields and refuses an unknown key: a registry has thousands of flags.
        var featureNode: YAMLNode?, variableNode: YAMLNode?, debugNode: YAMLNode?, keyNode: YAMLNode?, fallbackNode: YAMLNode?
        try entry.value.forEachEntry(requiringMapping: "flag `\(id)`") { key, value throws(YAMLError) in
            if key.hasText("feature") { featureNode = value }
            else if key.hasText("variable") { variableNode = value }
            else if key.hasText("debug") { debugNode = value }
            else if key.hasText("userPrefsKey") { keyNode = value }
            else if key.hasText("default") { fallbackNode = value }
            else { throw unknownKey(key, allowed: flagKeys, in: "flag `\(id)`") }
        }
        var feature: String?, featureMark: YAMLMark?, variable: String?, variableMark: YAMLMark?
        if let featureNode {
            feature = try featureNode.requireString("`feature` of flag `\(id)`")
            featureMark = featureNode.mark
            variable = try variableNode?.requireString("`variable` of flag `\(id)`") ?? "enabled"
            variableMark = variableNode?.mark ?? featureNode.mark
        } else if let variableNode {
            throw YAMLError(at: variableNode.mark, "flag `\(id)` names a `variable` but no `feature`; add `feature: <nimbus feature id>`")
        }
        var debug: FeatureFlagDefinition.DebugRow?
        if let debugNode {
            var titleNode: YAMLNode?, statusNode: YAMLNode?
            try debugNode.forEachEntry(requiringMapping: "`debug` of flag `\(id)`") { key, value throws(YAMLError) in
                if key.hasText("title") { titleNode = value }
                else if key.hasText("status") { statusNode = value }
                else { throw unknownKey(key, allowed: debugKeys, in: "`debug` of flag `\(id)`") }
            }
            let title = try titleNode?.requireString("`debug.title` of flag `\(id)`") ?? id
            let status = try statusNode?.requireString("`debug.status` of flag `\(id)`") ?? ""
            debug = .init(title: title, status: status)
        }
        let userPrefsKey = try keyNode.map { (key: YAMLNode) throws(YAMLError) -> String in
            try storeKey(key, "`userPrefsKey` of flag `\(id)`")
        }
        var fallback: Bool?
        if let fallbackNode {
            guard let value = fallbackNode.jsonValue.boolValue else {
                throw YAMLError(at: fallbackNode.mark, "`default` of flag `\(id)` must be true or false, found \(fallbackNode.jsonValue.kindName)")
            }
            fallback = value
        }
        if feature == nil && fallback == nil {
            throw YAMLError(at: entry.key.mark, "flag `\(id)` has neither `feature` (a Nimbus feature) nor `default` (a hard-coded value); add one")
        }
        return Flag(id: id, mark: entry.key.mark, feature: feature, featureMark: featureMark, variable: variable, variableMark: variableMark,
                    debug: debug, userPrefsKey: userPrefsKey, fallback: fallback)
    }

    private static func readPreference(_ entry: YAMLNode.Entry) throws(YAMLError) -> Preference {
        let id = try entry.key.requireString("a preference id")
        try requireSwiftIdentifier(id, at: entry.key, what: "preference id")
        let body = try entry.value.requireMapping("preference `\(id)`")
        try rejectUnknownKeys(body, allowed: preferenceKeys, in: "preference `\(id)`")
        func field(_ key: String) throws(YAMLError) -> String {
            guard let node = entry.value[key] else {
                throw YAMLError(at: entry.key.mark, "preference `\(id)` is missing `\(key)`")
            }
            return try node.requireString("`\(key)` of preference `\(id)`")
        }
        guard let keyNode = entry.value["userPrefsKey"] else {
            throw YAMLError(at: entry.key.mark, "preference `\(id)` is missing `userPrefsKey`")
        }
        return Preference(id: id, feature: try field("feature"), variable: try field("variable"),
                          userPrefsKey: try storeKey(keyNode, "`userPrefsKey` of preference `\(id)`"), mark: entry.key.mark)
    }

    /// A key of the store, as the store itself would accept it (`PrefKey`): a NUL or a line break
    /// in it is an error here, at its line, rather than a key cut short on its way to SQLite.
    private static func storeKey(_ node: YAMLNode, _ what: @autoclosure () -> String) throws(YAMLError) -> String {
        let key = try node.requireString(what())
        if let problem = PrefKey.problem(with: key) { throw YAMLError(at: node.mark, "\(what()) \(problem)") }
        return key
    }

    /// `name: {description, debug, testflight, appstore}`: every distribution needs its value,
    /// since a build flag missing one would silently be off in that build.
    private static func readBuildFlag(_ entry: YAMLNode.Entry) throws(YAMLError) -> BuildFlagDefinition {
        let name = try entry.key.requireString("a build flag name")
        try requireSwiftIdentifier(name, at: entry.key, what: "build flag name")
        let body = try entry.value.requireMapping("build flag `\(name)`")
        try rejectUnknownKeys(body, allowed: buildFlagKeys, in: "build flag `\(name)`")
        guard let description = entry.value["description"] else {
            throw YAMLError(at: entry.key.mark, "build flag `\(name)` is missing `description`: say what it switches, so it can be retired later")
        }
        var values: [Distribution: Bool] = [:]
        for distribution in Distribution.allCases {
            guard let node = entry.value[distribution.rawValue] else {
                throw YAMLError(at: entry.key.mark, "build flag `\(name)` has no value for `\(distribution.rawValue)`; give each of debug, testflight and appstore true or false")
            }
            guard let value = node.jsonValue.boolValue else {
                throw YAMLError(at: node.mark, "`\(distribution.rawValue)` of build flag `\(name)` must be true or false, found \(node.jsonValue.kindName)")
            }
            values[distribution] = value
        }
        return BuildFlagDefinition(name: name, description: try description.requireString("`description` of build flag `\(name)`"), values: values)
    }

    private static func rejectUnknownKeys(_ entries: [YAMLNode.Entry], allowed: [String], in what: @autoclosure () -> String) throws(YAMLError) {
        for entry in entries where !entry.key.hasText(anyOf: allowed) {
            throw unknownKey(entry.key, allowed: allowed, in: what())
        }
    }

    private static func unknownKey(_ node: YAMLNode, allowed: [String], in what: String) -> YAMLError {
        let key = node.string ?? ""
        let hint = NearestName.find(key, among: allowed).map { " (did you mean `\($0)`?)" } ?? ""
        return YAMLError(at: node.mark, "unknown key `\(key)` in \(what)\(hint); expected one of: \(allowed.joined(separator: ", "))")
    }

    /// Flag ids become Swift enum cases in generated code, so they must be identifiers.
    /// `node` is where the identifier is written; its mark is made only for the message.
    private static func requireSwiftIdentifier(_ id: String, at node: YAMLNode, what: String) throws(YAMLError) {
        guard SwiftIdentifier.isValid(id) else {
            throw YAMLError(at: node.mark, "\(what) `\(id)` is not a Swift identifier (letters, digits and _, not starting with a digit, not a keyword)")
        }
    }

    private static func resolve(_ path: String, against folder: String) -> String {
        FlagsEnvironment.absolute(path, in: folder)
    }
}
