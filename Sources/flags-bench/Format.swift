#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
import Foundation

/// Number formatting for the benchmark table.
enum Format {
    static func number(_ value: Double) -> String {
        switch abs(value) {
        case 0: "0"
        case ..<10: String(format: "%.2f", value)
        case ..<100: String(format: "%.1f", value)
        default: String(format: "%.0f", value)
        }
    }

    static func ratio(_ value: Double) -> String { String(format: "%.2fx", value) }

    static func withUnit(_ value: Double, _ unit: String) -> String { "\(number(value)) \(unit)" }
}
#endif
