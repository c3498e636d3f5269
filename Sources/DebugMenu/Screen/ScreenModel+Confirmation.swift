#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
extension ScreenModel {
    /// A question waiting for y/n.
    public enum Confirmation: Equatable, Hashable, Sendable {
        /// Remove every debug override?
        case resetAll(overrideCount: Int)
        /// Save over the preset `name`, which exists?
        case replacePreset(name: String)

        /// The question as shown.
        public var prompt: String {
            switch self {
            case .resetAll(let count):
                return "Reset all \(count) override\(count == 1 ? "" : "s")? y/n"
            case .replacePreset(let name):
                return "Preset \u{201C}\(name)\u{201D} exists. Replace it with the current state? y/n"
            }
        }

        /// The message when the answer is no.
        public var cancelledMessage: String {
            switch self {
            case .resetAll: return "Reset cancelled."
            case .replacePreset(let name): return "Save cancelled; preset \(name) is unchanged."
            }
        }
    }
}
#endif
