#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
/// A command line worth showing, with what it does: the EXAMPLES of help and of the man page.
///
/// ```swift
/// CommandExample("flags list --overridden", "the flags someone left overridden")
/// ```
struct CommandExample: Sendable {
    var command: String
    var explanation: String

    init(_ command: String, _ explanation: String) {
        self.command = command
        self.explanation = explanation
    }
}
#endif
