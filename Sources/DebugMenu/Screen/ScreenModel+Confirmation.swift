#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
extension ScreenModel {
    /// A question waiting for y/n.
    public enum Confirmation: Equatable, Hashable, Sendable {
        /// Remove every debug override?
        case resetAll(overrideCount: Int)

        /// The question as shown.
        public var prompt: String {
            switch self {
            case .resetAll(let count):
                return "Reset all \(count) override\(count == 1 ? "" : "s")? y/n"
            }
        }
    }
}
#endif
