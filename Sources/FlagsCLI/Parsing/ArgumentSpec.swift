#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
/// A positional argument of a command: what it is, for completion. The last one of a command
/// may repeat (`flags reset ID...`).
///
/// ```swift
/// ArgumentSpec(.flagID, repeats: true)
/// ```
struct ArgumentSpec: Sendable {
    var kind: ValueKind
    var repeats: Bool

    init(_ kind: ValueKind, repeats: Bool = false) {
        self.kind = kind
        self.repeats = repeats
    }
}
#endif
