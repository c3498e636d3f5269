#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
/// Reads and writes the on/off values of the command line.
///
/// ```swift
/// try OnOff.parse("true", command: "set")   // true
/// OnOff.text(false)                          // "off"
/// ```
enum OnOff {
    static let accepted = ["on": true, "off": false, "true": true, "false": false, "1": true, "0": false]

    static func parse(_ word: String, command: String) throws(CLIError) -> Bool {
        guard let value = accepted[word.lowercased()] else {
            throw .usage("expected on or off (or true/false, 1/0), found '\(word)'", command: command)
        }
        return value
    }

    static func text(_ value: Bool) -> String { value ? "on" : "off" }
}
#endif
