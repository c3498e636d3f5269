import FML
import Formats
import Platform

/// A value typed by a person for one feature variable, read as its manifest type says and
/// checked against that type before it is stored as a feature override. `flags feature set` and
/// the menu's editor both read through it, so they accept and refuse the same texts.
///
/// How text is read, by the variable's type:
/// - `Boolean`: `true`/`false`, `on`/`off`, `yes`/`no`, `1`/`0`;
/// - `Int`: a whole number (`-3`, `42`);
/// - `String`, `Text`, `Image`, a string alias and an enum: the text itself (an enum's variant by
///   name); a text in JSON quotes is read as that JSON string, so `" padded "` keeps its spaces;
/// - `Option<T>`: `null` for none, else the text read as `T` (so `teal` for `Option<String>`);
/// - everything else (`List<T>`, `Map<K, T>`, objects): JSON text. A text that is not JSON is
///   refused with a sample of the type, and how to quote it on a command line.
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
            // The problems name the variants of an enum, and the nearest one: not listed again.
            throw Refusal(description: "\(feature).\(variable) is \(definition.type): " + problems.map(\.description).joined(separator: "; "))
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
        case .option(let inner):
            // A bare word is the only reading of `teal` for an Option<String>: asking for JSON
            // quotes there only made people fight their shell.
            if text == "null" { return .null }
            do {
                return try read(text, as: inner, manifest: manifest)
            } catch {
                throw Refusal(description: "\(type) takes null or a value of \(inner): \(error.description)")
            }
        case .list, .map, .object:
            do {
                return try JSONParser.parse(text, file: "the value")
            } catch {
                let sample = example(of: type, manifest: manifest)
                throw Refusal(description: "expected JSON for \(type), such as \(sample) (on a command line, in single quotes: '\(sample)'): \(error)")
            }
        }
    }

    /// A short JSON sample of `type`, for a refusal to show what is wanted: `["text"]`,
    /// `{"title": "text"}` with an object's first field.
    static func example(of type: FMLType, manifest: FeatureManifest, depth: Int = 0) -> String {
        guard depth < 3 else { return "null" }
        switch type {
        case .boolean: return "true"
        case .int: return "42"
        case .string, .text, .image, .stringAlias: return "\"text\""
        case .enumeration(let name): return "\"\(manifest.enumDefinition(name)?.variants.first ?? "variant")\""
        case .option(let inner): return example(of: inner, manifest: manifest, depth: depth + 1)
        case .list(let inner): return "[\(example(of: inner, manifest: manifest, depth: depth + 1))]"
        case .map(_, let value): return "{\"key\": \(example(of: value, manifest: manifest, depth: depth + 1))}"
        case .object(let name):
            guard let field = manifest.objectDefinition(name)?.fields.first else { return "{}" }
            return "{\"\(field.name)\": \(example(of: field.type, manifest: manifest, depth: depth + 1))}"
        }
    }
}
