#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
import Platform

/// The small pieces of wording the debug menu's messages and header share: "on"/"off", counted
/// nouns, ages, the header's note and paths with `~`.
///
/// ```swift
/// MenuText.count(2, "override")   // "2 overrides"
/// ```
enum MenuText {
    static func onOff(_ value: Bool) -> String { value ? "on" : "off" }

    static func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }

    static func ago(setAt: Double, now: Double) -> String {
        let age = OverrideAge.text(setAt: setAt, now: now)
        return age == "now" ? "just now" : age + " ago"
    }

    /// The header's note: the demo, and what happened to the store's file.
    static func statusNote(isDemo: Bool, storeStatus: String?, separator: String) -> String? {
        let notes = [isDemo ? "demo" : nil, storeStatus].compactMap { $0 }
        return notes.isEmpty ? nil : notes.joined(separator: separator)
    }

    /// The path with the home folder shown as `~`.
    static func abbreviated(_ path: String) -> String {
        let home = FileManager.default.homeDirectoryForCurrentUser.path
        guard home.count > 1, path.hasPrefix(home + "/") else { return path }
        return "~" + path.dropFirst(home.count)
    }
}
#endif
