import Nimbus

/// A value typed by a person for one feature variable, read as its manifest type says and
/// checked against that type before it is stored as a feature override. `flags feature set` and
/// the menu's editor both read through it, so they accept and refuse the same texts.
///
/// How text is read, by the variable's type:
/// - `Boolean`: `true`/`false`, `on`/`off`, `yes`/`no`, `1`/`0`;
/// - `Int`: a whole number (`-3`, `42`);
/// - `String`, `Text`, `Image`, a string alias and an enum: the text itself (an enum's variant by
///   name); a text in JSON quotes is read as that JSON string, so `" padded "` keeps its spaces;
/// - everything else (`Option<T>`, `List<T>`, `Map<K, T>`, objects): JSON text, `null` for an
///   absent `Option`.
///
/// ```swift
/// let value = try FeatureValueInput.parse("5", variable: "spice-level", feature: "bibimbap-feature", manifest: manifest)
/// value   // .int(5)
/// ```
public enum FeatureValueInput {
    /// Why a text cannot be the variable's value: the feature or variable is unknown, or the text
    /// is not of the variable's type (the sentence names the type and, for an enum, its variants).
    public struct Refusal: Error, Sendable, Hashable, CustomStringConvertible {
        public let description: String
    }

    /// `text` as a value of `variable` of `feature`, checked against the manifest.
    public static func parse(_ text: String, variable: String, feature: String, manifest: FeatureManifest) throws(Refusal) -> JSONValue {
        let definition = try self.variable(variable, of: feature, in: manifest)
        let value = try read(text, as: definition.type, manifest: manifest)
        try check(value, variable: variable, feature: feature, manifest: manifest)
        return value
    }

    /// Checks an already-built value (a JSON file's, a toggled Boolean) the same way.
    public static func check(_ value: JSONValue, variable: String, feature: String, manifest: FeatureManifest) throws(Refusal) {
        let definition = try self.variable(variable, of: feature, in: manifest)
        let problems = manifest.typeProblems(in: .object([variable: value]), forFeature: feature, partial: true)
        guard problems.isEmpty else {
            var sentence = "\(feature).\(variable) is \(definition.type): " + problems.map(\.description).joined(separator: "; ")
            if case .enumeration(let name) = definition.type, let variants = manifest.enumDefinition(name)?.variants {
                sentence += " (one of \(variants.joined(separator: ", ")))"
            }
            throw Refusal(description: sentence)
        }
    }

    private static func variable(_ name: String, of feature: String, in manifest: FeatureManifest) throws(Refusal) -> VariableDefinition {
        guard let definition = manifest.feature(feature) else {
            let hint = NearestName.find(feature, among: manifest.featureIDs).map { " (did you mean `\($0)`?)" } ?? ""
            throw Refusal(description: "the manifest has no feature `\(feature)`\(hint)")
        }
        guard let variable = definition.variable(name) else {
            let names = definition.variables.map(\.name)
            let hint = NearestName.find(name, among: names).map { " (did you mean `\($0)`?)" } ?? ""
            throw Refusal(description: "feature `\(feature)` has no variable `\(name)`\(hint); its variables are \(names.joined(separator: ", "))")
        }
        return variable
    }

    private static func read(_ text: String, as type: FMLType, manifest: FeatureManifest) throws(Refusal) -> JSONValue {
        switch type {
        case .boolean:
            switch text.lowercased() {
            case "true", "on", "yes", "1": return .bool(true)
            case "false", "off", "no", "0": return .bool(false)
            default: throw Refusal(description: "expected true or false (or on/off), found `\(text)`")
            }
        case .int:
            guard let number = Int(text) else { throw Refusal(description: "expected a whole number such as 42, found `\(text)`") }
            return .int(number)
        case .string, .text, .image, .stringAlias, .enumeration:
            if text.count >= 2, text.hasPrefix("\""), text.hasSuffix("\""), let quoted = try? JSONParser.parse(text), quoted.stringValue != nil {
                return quoted
            }
            return .string(text)
        case .option, .list, .map, .object:
            do {
                return try JSONParser.parse(text, file: "the value")
            } catch {
                throw Refusal(description: "expected JSON for \(type), such as \(example(of: type)): \(error)")
            }
        }
    }

    /// A short JSON sample of `type`, for a refusal to show what is wanted.
    static func example(of type: FMLType) -> String {
        switch type {
        case .option: "null"
        case .list: "[]"
        case .map, .object: "{}"
        default: "\"text\""
        }
    }
}
