/// How the home screen words each variant of the `startAtHome` typed preference (the FML enum
/// `StartAtHome`, Firefox for iOS's setting, declared by `flags generate`).
///
/// ```swift
/// StartAtHome.always.summary   // "Home, every time"
/// ```
extension StartAtHome {
    /// How the home screen explains where the app opened.
    var summary: String {
        switch self {
        case .afterFourHours: "Home after 4 hours away, else your last screen"
        case .always: "Home, every time"
        case .disabled: "your last screen (Home is one tap away)"
        }
    }
}
