#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
import Formats
import Nimbus
import Platform

/// `flags events list`: each event's counts per interval, as targeting reads them now.
enum EventsReport {
    /// One table per event: INTERVAL, KEPT (buckets kept of the most), SUM, LAST SEEN
    /// (`eventLastSeen`'s answer, `never` for the SDK's largest double) and the buckets, newest
    /// first, without the empty ones at the old end.
    /// Each event's table, indented under its name, its lines fitting in `width`.
    static func text(_ store: EventStore, width: Int) -> String {
        store.events.keys.sorted().map { name in
            let counter = store.events[name]!
            let rows = EventInterval.allCases.compactMap { interval -> [String]? in
                guard let counts = counter[interval] else { return nil }
                let trimmed = counts.buckets.reversed().drop { $0 == 0 }.reversed()
                return [interval.rawValue, "\(counts.buckets.count)/\(counts.bucketCount)", "\(sum(counts))",
                        lastSeen(counts).map(String.init) ?? "never",
                        trimmed.isEmpty ? "-" : trimmed.map(String.init).joined(separator: " ")]
            }
            return TerminalSafeText.sanitized(name) + "\n" + TextTable(header: ["INTERVAL", "KEPT", "SUM", "LAST SEEN", "COUNTS (NEWEST FIRST)"], rows: rows)
                .render(width: width - 2).split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }.joined(separator: "\n")
        }.joined(separator: "\n\n")
    }

    static func json(_ store: EventStore, now: EventInstant) -> JSONValue {
        .object([
            "now": .string(Timestamp.iso8601(now.secondsSinceEpoch)),
            "events": .array(store.events.keys.sorted().map { name in
                let counter = store.events[name]!
                var intervals: [String: JSONValue] = [:]
                for interval in EventInterval.allCases {
                    guard let counts = counter[interval] else { continue }
                    intervals[interval.rawValue] = .object([
                        "bucketCount": .int(counts.bucketCount),
                        "buckets": .array(counts.buckets.map { .int(Int(clamping: $0)) }),
                        "sum": .int(Int(clamping: sum(counts))),
                        "lastSeen": lastSeen(counts).map(JSONValue.int) ?? .null,
                        "currentBucketStart": .string(Timestamp.iso8601(counts.startingInstant.secondsSinceEpoch)),
                    ])
                }
                return .object(["name": .string(name), "intervals": .object(intervals)])
            }),
        ])
    }

    private static func sum(_ counts: EventIntervalCounter) -> UInt64 { counts.buckets.reduce(0, &+) }

    private static func lastSeen(_ counts: EventIntervalCounter) -> Int? { counts.buckets.firstIndex { $0 > 0 } }
}
#endif
