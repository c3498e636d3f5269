/// Why the event store refused to record or answer: the SDK's behavior errors.
public enum EventStoreError: Error, Sendable, Hashable, CustomStringConvertible {
    /// An event recorded after the store's current bucket: the SDK cannot count into the future.
    case inTheFuture(event: String)
    /// More intervals between two instants than a 32-bit count holds.
    case tooManyRotations(interval: EventInterval)
    /// A stored counter that is not the shape the store writes.
    case malformed(event: String, reason: String)
    /// The whole stored document cannot be read (too large, not JSON, not an object).
    case unreadable(reason: String)

    public var description: String {
        switch self {
        case .inTheFuture(let event):
            "cannot record `\(event)` in the future: the event store only counts events now or in the past"
        case .tooManyRotations(let interval):
            "the time is too far from the event store's buckets to count in \(interval.rawValue)"
        case .unreadable(let reason):
            "the event store cannot be read (\(reason)); `flags events clear` empties it"
        case .malformed(let event, let reason):
            "the stored counts of `\(event)` are damaged (\(reason)); clear them with `flags events clear \(event)`"
        }
    }
}
