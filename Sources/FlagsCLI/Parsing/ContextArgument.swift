#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
import Formats
import Nimbus
import Platform

/// Reads `--context key=value`: the value is JSON when it parses as JSON (`3`, `true`,
/// `["a"]`), otherwise a plain string, so `--context region=DE` needs no quotes.
///
/// ```swift
/// try ContextArgument.parse("days_since_install=30")   // ("days_since_install", .int(30))
/// ```
enum ContextArgument {
    static func parse(_ pair: String) throws(CLIError) -> (String, JSONValue) {
        guard let equals = pair.firstIndex(of: "="), equals != pair.startIndex else {
            throw .usage("--context expects key=value, found '\(pair)'")
        }
        let key = String(pair[..<equals])
        let text = String(pair[pair.index(after: equals)...])
        return (key, (try? JSONParser.parse(text)) ?? .string(text))
    }

    /// What the given attributes may not mean: a name that is no attribute of this client but
    /// near one (`langauge`), and a value read as another kind than the attribute's (`121.0`
    /// read as a number for `app_version`, a string on a device). `known` is the client's
    /// context before `--context`: the built-in attributes and the registry's custom ones.
    static func warnings(for given: [String: JSONValue], known: [String: JSONValue]) -> [String] {
        var warnings: [String] = []
        for (key, value) in given.sorted(by: { $0.key < $1.key }) {
            guard let current = known[key] else {
                if let nearest = NearestName.find(key, among: known.keys) {
                    warnings.append("--context \(key): this client has no attribute `\(key)` (did you mean `\(nearest)`?); "
                                    + "it is added as a custom attribute, which only targeting that names `\(key)` reads")
                }
                continue
            }
            let expected = TargetingAttributes.kindName(of: key) ?? (current == .null ? nil : current.kindName)
            guard let expected, value != .null, value.kindName != expected else { continue }
            let quoted = expected == "string" ? "; for the string, quote it: --context '\(key)=\(JSONValue.string(value.compactText).compactText)'" : ""
            warnings.append("--context \(key)=\(value.compactText) is read as JSON, the \(value.kindName) \(value.compactText), "
                            + "but `\(key)` is a\(expected.first.map { "aeiou".contains($0) } == true ? "n" : "") \(expected)\(quoted)")
        }
        return warnings
    }
}
#endif
