import Platform

/// A push or remote delete refused because the shared preset changed on the server since this
/// machine last pulled or pushed it (or, never pulled here, already exists there).
///
/// Its description says who changed it and when, lists what they changed, and says how to go on:
/// pull theirs, or `--force` to overwrite.
public struct SharedPresetConflict: Error, CustomStringConvertible, Sendable {
    public var name: String
    public var url: String
    public var changedBy: String?
    /// The server's `last_modified`, in milliseconds since 1970.
    public var changedAt: Int
    /// What they changed, relative to the version this machine knew (or to this machine's preset).
    public var changes: [String]
    /// Whether this machine had pulled or pushed it before (else it is someone else's new preset).
    public var knewAVersion: Bool
    public var action: String

    public var description: String {
        let who = changedBy.map { "`\(field: $0)`" } ?? "someone else"
        let when = Timestamp.iso8601(Double(changedAt) / 1000)
        let head = knewAVersion
            ? "preset \(name) at \(url) was changed by \(who) at \(when) since this machine last pulled or pushed it"
            : "preset \(name) already exists at \(url) (last changed by \(who) at \(when)) and was never pulled here"
        let what = changes.isEmpty
            ? "  (no difference in flags: only its record changed)"
            : changes.map { "  \(TerminalSafeText.sanitized($0))" }.joined(separator: "\n")
        let label = knewAVersion ? "what they changed:" : "how theirs differs from yours:"
        return "\(head); nothing was \(action), the server keeps their version.\n\(label)\n\(what)\n"
            + "Take theirs with `flags preset pull \(name)` (then save and push again), or add --force to overwrite it."
    }
}
