import Formats
/// The stored form of an event's counts, a small JSON object, so any store that keeps text can
/// keep the event store:
/// `{"Days":{"bucketCount":56,"buckets":[3,0,1],"start":1767225600000}, "Hours":{…}, …}`
/// (`start` in milliseconds since 1970, UTC; bucket 0 first).
extension EventCounter {
    /// The largest bucket count read back: the SDK's largest is 72; this leaves room without
    /// letting a damaged value make every evaluation allocate millions of buckets.
    public static let maximumBucketCount = 10_000

    public var jsonValue: JSONValue {
        var object: [String: JSONValue] = [:]
        for (interval, counter) in intervals {
            object[interval.rawValue] = .object([
                "bucketCount": .int(counter.bucketCount),
                "buckets": .array(counter.buckets.map { .int(Int(clamping: $0)) }),
                "start": .int(Int(counter.startingInstant.millisecondsSinceEpoch)),
            ])
        }
        return .object(object)
    }

    /// Reads what `jsonValue` wrote; anything else is `EventStoreError.malformed` naming `event`.
    public init(json: JSONValue, event: String) throws(EventStoreError) {
        guard case .object(let object) = json else { throw .malformed(event: event, reason: "not an object") }
        var counters: [EventIntervalCounter] = []
        for (name, value) in object.sorted(by: { $0.key < $1.key }) {
            guard let interval = EventInterval(rawValue: name) else { throw .malformed(event: event, reason: "unknown interval `\(name)`") }
            guard case .int(let count)? = value["bucketCount"], (1...Self.maximumBucketCount).contains(count) else {
                throw .malformed(event: event, reason: "\(name): bucketCount must be a whole number from 1 to \(Self.maximumBucketCount)")
            }
            guard case .array(let list)? = value["buckets"], list.count <= count else {
                throw .malformed(event: event, reason: "\(name): buckets must be a list of at most \(count) counts")
            }
            var buckets: [UInt64] = []
            buckets.reserveCapacity(list.count)
            for item in list {
                guard case .int(let number) = item, number >= 0 else {
                    throw .malformed(event: event, reason: "\(name): a count is not a whole number of at least 0")
                }
                buckets.append(UInt64(number))
            }
            guard case .int(let start)? = value["start"] else { throw .malformed(event: event, reason: "\(name): start is missing") }
            counters.append(EventIntervalCounter(interval: interval, bucketCount: count, buckets: buckets,
                                                 startingInstant: EventInstant(millisecondsSinceEpoch: Int64(start))))
        }
        self.init(counters)
    }
}
