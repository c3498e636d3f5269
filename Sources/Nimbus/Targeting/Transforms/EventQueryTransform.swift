import Formats
/// `'event' | eventSum(interval, buckets[, start])` and the other event-store transforms, with
/// their arguments read exactly as the Nimbus SDK reads them (`stateful/behavior.rs`).
///
/// - `eventSum`, `eventCountNonZero`, `eventAveragePerInterval`, `eventAveragePerNonZeroInterval`
///   take an interval name (`'Minutes'`, `'Hours'`, `'Days'`, `'Weeks'`, `'Months'`, `'Years'`),
///   a number of buckets and optionally a starting bucket (default 0): 2 or 3 arguments.
/// - `eventLastSeen` takes an interval and optionally a starting bucket: 1 or 2 arguments, and
///   looks through every bucket from there.
/// - Numbers are truncated to whole non-negative counts as the SDK truncates them (`2.9` is 2, a
///   negative is 0); anything but a number there is an error, as is a subject that is not a
///   string or an interval name not in the list.
/// - The answer is a floating-point number; an average over zero buckets is `null`.
struct EventQueryTransform: Sendable {
    let kind: EventQueryKind
    /// The store, already advanced to `now`.
    let store: EventStore
    let now: EventInstant

    /// This transform as JEXL calls it.
    var transform: JEXLTransforms.Transform {
        let this = self
        return { (subject: JSONValue, arguments: [JSONValue]) throws(JEXLError) -> JSONValue in try this.apply(subject, arguments) }
    }

    func apply(_ subject: JSONValue, _ arguments: [JSONValue]) throws(JEXLError) -> JSONValue {
        let query = try Self.read(kind, subject, arguments)
        do {
            let answer = try store.query(kind, event: query.event, interval: query.interval, buckets: query.buckets,
                                         startingAt: query.start, now: now)
            return answer.map(JSONValue.double) ?? .null
        } catch {
            throw .typeMismatch("`\(kind.rawValue)` of `\(query.event)` failed: \(error)")
        }
    }

    struct Query: Equatable {
        var event: String
        var interval: EventInterval
        var buckets: Int
        var start: Int
    }

    /// The arguments as the SDK validates them, in its order: their count, the event, the
    /// interval, the bucket count, the starting bucket.
    static func read(_ kind: EventQueryKind, _ subject: JSONValue, _ arguments: [JSONValue]) throws(JEXLError) -> Query {
        let name = kind.rawValue
        let allowed = kind == .lastSeen ? 1...2 : 2...3
        guard allowed.contains(arguments.count) else {
            let usage = kind == .lastSeen ? "an interval and optionally a starting bucket, as in `'app_launch' | eventLastSeen('Days')`"
                : "an interval, a number of buckets and optionally a starting bucket, as in `'app_launch' | \(name)('Days', 7)`"
            throw .typeMismatch("`\(name)` takes \(allowed.lowerBound) or \(allowed.upperBound) arguments (found \(arguments.count)): \(usage)")
        }
        guard case .string(let event) = subject else {
            throw .typeMismatch("`\(name)` needs an event name string before the `|`, but found \(VersionCompareTransform.describe(subject))")
        }
        guard case .string(let intervalName) = arguments[0] else {
            throw .typeMismatch("`\(name)` needs an interval name as its first argument, but found \(VersionCompareTransform.describe(arguments[0])); use one of \(intervalNames)")
        }
        guard let interval = EventInterval(rawValue: intervalName) else {
            throw .typeMismatch("`\(name)` has no interval '\(intervalName)'; use one of \(intervalNames) (the names are case-sensitive)")
        }
        if kind == .lastSeen {
            let start = try count(arguments, 1, name, "a starting bucket", "second")
            return Query(event: event, interval: interval, buckets: Int.max - start, start: start)
        }
        let buckets = try count(arguments, 1, name, "a number of buckets", "second")
        let start = try count(arguments, 2, name, "a starting bucket", "third")
        return Query(event: event, interval: interval, buckets: buckets, start: start)
    }

    static let intervalNames = EventInterval.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ")

    /// A number argument as Rust's `as usize` reads a float: truncated, negatives and NaN to 0,
    /// too large to the largest count. A missing optional argument is 0.
    private static func count(_ arguments: [JSONValue], _ index: Int, _ name: String, _ what: String,
                              _ position: String) throws(JEXLError) -> Int {
        guard index < arguments.count else { return 0 }
        let number: Double
        switch arguments[index] {
        case .int(let value): number = Double(value)
        case .double(let value): number = value
        default:
            throw .typeMismatch("`\(name)` needs \(what) (a number) as its \(position) argument, but found \(VersionCompareTransform.describe(arguments[index]))")
        }
        if number.isNaN || number <= 0 { return 0 }
        if number >= Double(Int.max) { return Int.max }
        return Int(number.rounded(.towardZero))
    }
}
