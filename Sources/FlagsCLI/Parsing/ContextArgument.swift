#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
import Nimbus

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
}
#endif
