#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
import Nimbus
import Platform

/// `flags events record --at TIME`: an ISO 8601 time (`2026-11-28T09:00:00Z`) or a time before
/// now written as a negative amount and a unit (`-90s`, `-30m`, `-3h`, `-2d`, `-1w`).
enum EventTime {
    static let units: [Character: Int64] = ["s": 1000, "m": 60_000, "h": 3_600_000, "d": 86_400_000, "w": 7 * 86_400_000]

    static func parse(_ text: String, now: EventInstant) throws(CLIError) -> EventInstant {
        if text.first == "-" || text.first == "+", let unit = text.last, let size = units[unit] {
            let digits = text.dropFirst().dropLast()
            guard !digits.isEmpty, digits.allSatisfy(\.isASCII), let amount = Int64(digits),
                  amount <= Int64.max / size / 2 else {
                throw usage(text)
            }
            return now.adding(milliseconds: (text.first == "-" ? -1 : 1) * amount * size)
        }
        guard let seconds = Timestamp.parse(text) else { throw usage(text) }
        return EventInstant(secondsSinceEpoch: seconds)
    }

    private static func usage(_ text: String) -> CLIError {
        .usage("--at needs an ISO 8601 time such as 2026-11-28T09:00:00Z, or a time before now such as -90s, -30m, -3h, -2d or -1w; found '\(text)'",
               command: EventsCommand.name)
    }
}
#endif
