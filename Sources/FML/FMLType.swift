#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Platform

/// The type of a Feature Manifest variable or object field, as written in the manifest.
///
/// Use it to know what a variable holds before reading its JSON value, or to print the type in
/// FML syntax (`description`). Names of declared enums, objects and string aliases are resolved
/// when the manifest is loaded, so an `FMLType` never names an unknown type.
///
/// ```swift
/// let type = manifest.feature("messaging")?.variable("triggers")?.type
/// type?.description  // "Map<TriggerName, String>"
/// ```
public indirect enum FMLType: Sendable, Hashable, CustomStringConvertible {
    case boolean
    case int
    case string
    /// A localisable string: in JSON it is a string (a string-table key or the text itself).
    case text
    /// The name of an image asset: a string in JSON.
    case image
    case option(FMLType)
    case list(FMLType)
    /// `Map<K, T>`; `key` is `.string`, an `.enumeration` or a `.stringAlias`.
    case map(key: FMLType, value: FMLType)
    /// A declared enum: a string that must be one of its variants.
    case enumeration(String)
    /// A declared object: a JSON object with the object's fields.
    case object(String)
    /// A `string-alias` declared by a variable: a string naming something (a message key, a
    /// trigger name).
    case stringAlias(String)

    public var description: String {
        switch self {
        case .boolean: "Boolean"
        case .int: "Int"
        case .string: "String"
        case .text: "Text"
        case .image: "Image"
        case .option(let inner): "Option<\(inner)>"
        case .list(let inner): "List<\(inner)>"
        case .map(let key, let value): "Map<\(key), \(value)>"
        case .enumeration(let name), .object(let name), .stringAlias(let name): name
        }
    }

    /// Type arguments nested deeper than this are refused.
    static let maximumDepth = 32

    /// Parses FML type syntax. `resolve` maps a declared name to its type, or returns nil.
    /// The error is a sentence fit for a `ManifestError`.
    static func parse(_ text: String, resolve: (String) -> FMLType?) -> Result<FMLType, ParseError> {
        let text = text.trimmingSpaces()
        // Each level re-scans what is inside it, so 3,000 nested `List<` took seconds (and as
        // many stack frames); real types nest two or three deep.
        var depth = 0, deepest = 0
        for byte in text.utf8 {
            if byte == UInt8(ascii: "<") { depth += 1; deepest = max(deepest, depth) } else if byte == UInt8(ascii: ">") { depth -= 1 }
        }
        if deepest > maximumDepth {
            return .failure(ParseError(message: "type nested deeper than \(maximumDepth) levels (\(text.prefix(40))…)"))
        }
        guard let open = text.firstIndex(of: "<") else {
            switch text {
            case "Boolean": return .success(.boolean)
            case "Int": return .success(.int)
            case "String": return .success(.string)
            // nimbus-fml's older spellings of the same two types.
            case "Text", "BundleText": return .success(.text)
            case "Image", "BundleImage", "Drawable": return .success(.image)
            default:
                if let declared = resolve(text) { return .success(declared) }
                return .failure(ParseError(message: "unknown type '\(text)'; expected Boolean, Int, String, Text, Image, "
                    + "Option<T>, List<T>, Map<K, T>, or a declared enum, object or string alias"))
            }
        }
        guard text.hasSuffix(">") else { return .failure(ParseError(message: "malformed type '\(text)': missing '>'")) }
        let name = text[..<open].trimmingSpaces()
        let inner = text[text.index(after: open)..<text.index(before: text.endIndex)]
        let arguments = splitArguments(inner)
        var parsed: [FMLType] = []
        for argument in arguments {
            guard !argument.isEmpty else { return .failure(ParseError(message: "malformed type '\(text)': empty type argument")) }
            switch parse(argument, resolve: resolve) {
            case .success(let type): parsed.append(type)
            case .failure(let error): return .failure(error)
            }
        }
        // `Enum<X>` and `Object<X>` name a declared type explicitly; it must be of that kind.
        if name == "Enum" || name == "Object" {
            guard arguments.count == 1, let declared = resolve(arguments[0]) else {
                return .failure(ParseError(message: "unknown type '\(text)': \(name)<X> names a declared \(name == "Enum" ? "enum" : "object") X"))
            }
            switch (name, declared) {
            case ("Enum", .enumeration), ("Object", .object): return .success(declared)
            default: return .failure(ParseError(message: "'\(arguments[0])' in '\(text)' is not a declared \(name == "Enum" ? "enum" : "object")"))
            }
        }
        switch (name, parsed.count) {
        case ("Option", 1): return .success(.option(parsed[0]))
        case ("List", 1): return .success(.list(parsed[0]))
        case ("Map", 2):
            switch parsed[0] {
            case .string, .enumeration, .stringAlias: return .success(.map(key: parsed[0], value: parsed[1]))
            default:
                return .failure(ParseError(message: "invalid map key type '\(parsed[0])' in '\(text)'; "
                    + "expected String, an enum or a string alias"))
            }
        case ("Option", _), ("List", _):
            return .failure(ParseError(message: "malformed type '\(text)': \(name) takes one type argument"))
        case ("Map", _):
            return .failure(ParseError(message: "malformed type '\(text)': Map takes two type arguments, Map<K, T>"))
        default:
            return .failure(ParseError(message: "unknown type '\(name)' in '\(text)'; expected Option<T>, List<T> or Map<K, T>"))
        }
    }

    /// Splits `A, Map<B, C>` at the commas that are not nested inside angle brackets.
    private static func splitArguments(_ text: Substring) -> [String] {
        var parts: [String] = []
        var depth = 0
        var current = ""
        for character in text {
            switch character {
            case "<": depth += 1
            case ">": depth -= 1
            case "," where depth == 0:
                parts.append(current.trimmingSpaces())
                current = ""
                continue
            default: break
            }
            current.append(character)
        }
        parts.append(current.trimmingSpaces())
        return parts
    }

    struct ParseError: Error {
        let message: String
    }
}
