import FeatureFlags
/// The name of a new flag as `flags add` takes it, and every name derived from it: the flag id,
/// the Nimbus feature id, the feature file, the debug title and the user-prefs key.
///
/// Use it to check a name a person typed before anything is written. The rules follow Firefox's
/// `fxios nimbus add`: camelCase, at least 3 characters, and a trailing `Feature` is dropped
/// (`newThingFeature` and `newThing` are the same flag).
///
/// ```swift
/// let name = try FlagName(parsing: "newURLBarFeature")
/// name.id              // "newURLBar"
/// name.featureID       // "new-url-bar-feature"
/// name.featureFileName // "newURLBarFeature.yaml"
/// name.title           // "New URL Bar"
/// name.userPrefsKey    // "NewURLBarUserPrefsKey"
/// ```
public struct FlagName: Sendable, Hashable {
    /// The flag id: the name without a trailing `Feature`.
    public let id: String

    /// Checks `text` and drops a trailing `Feature`; the error says what a valid name looks like.
    public init(parsing text: String) throws(AuthoringError) {
        var name = text
        if name.hasSuffix("Feature") { name.removeLast("Feature".count) }
        let isCamelCase = name.first.map { $0.isASCII && $0.isLowercase } == true
            && name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
        guard isCamelCase else {
            throw .invalidArgument("'\(text)' is not a camelCase name: start with a lowercase letter and use only ASCII letters and digits, e.g. newThing")
        }
        guard name.count >= 3 else {
            throw .invalidArgument("'\(text)' is too short: a flag name needs at least 3 characters (a trailing 'Feature' does not count)")
        }
        guard SwiftIdentifier.isValid(name) else {
            throw .invalidArgument("'\(name)' is a Swift keyword and cannot be an enum case of FeatureFlagID; choose another name")
        }
        id = name
    }

    /// The name's words: a new word starts at each capital, and a run of capitals is one word
    /// (an acronym) except for its last letter when a lowercase letter follows (`URLBar` → URL, Bar).
    public var words: [String] {
        var words: [String] = []
        let characters = Array(id)
        var current = ""
        for (index, character) in characters.enumerated() {
            let previous = index > 0 ? characters[index - 1] : nil
            let next = index + 1 < characters.count ? characters[index + 1] : nil
            let startsWord = character.isUppercase && previous.map {
                $0.isLowercase || $0.isNumber || ($0.isUppercase && next?.isLowercase == true)
            } == true
            if startsWord, !current.isEmpty {
                words.append(current)
                current = ""
            }
            current.append(character)
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    /// The Nimbus feature id, kebab-case as in the Firefox manifest: `new-thing-feature`.
    public var featureID: String { (words.map { $0.lowercased() } + ["feature"]).joined(separator: "-") }

    /// The feature file `fxios nimbus add` would create: `newThingFeature.yaml`.
    public var featureFileName: String { id + "Feature.yaml" }

    /// The file's path relative to the manifest, as its `include` list names it.
    public var includePath: String { "nimbus-features/" + featureFileName }

    /// The default debug-menu title: the name's words, capitalised (`New Thing`).
    public var title: String { words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " ") }

    /// The user-prefs key of a user-toggleable flag, in Firefox's style: `NewThingUserPrefsKey`.
    public var userPrefsKey: String { id.prefix(1).uppercased() + id.dropFirst() + "UserPrefsKey" }
}
