@testable import Nimbus

/// `2022-10-01T10:04:00Z` (UTC, whole seconds) as an instant, the form the upstream vectors use.
func instant(_ text: String) -> EventInstant {
    let digits = text.split { !$0.isNumber }.map { Int($0)! }
    return EventInstant(year: digits[0], month: digits[1], day: digits[2], hour: digits[3], minute: digits[4], second: digits[5])
}

let minute: Int64 = 60_000
let hour: Int64 = 3_600_000
let day: Int64 = 86_400_000

extension EventInstant {
    /// Zero-based day of the year (chrono's `ordinal0`).
    var dayOfYear: Int { Int((millisecondsSinceEpoch - startOfYear.millisecondsSinceEpoch) / day) }
}
