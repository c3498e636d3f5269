#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
/// A count with its noun in the right number: "1 preference", "2 preferences", "0 flags".
///
/// ```swift
/// Plural.of(1, "preference")            // "1 preference"
/// Plural.of(3, "entry", "entries")      // "3 entries"
/// ```
enum Plural {
    static func of(_ count: Int, _ noun: String, _ plural: String? = nil) -> String {
        "\(count) " + (count == 1 ? noun : plural ?? noun + "s")
    }
}
#endif
