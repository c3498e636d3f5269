import Formats
/// `input | bucketSample(start, count, total)`: whether `input` hashes into the `count` buckets
/// from `start` out of `total`, exactly as the Nimbus SDK's transform (`targeting.rs`) decides.
///
/// `input` is any value: its compact JSON text is hashed as enrollment hashes
/// `[nimbus_id, namespace]` (so `[nimbus_id, 'ns'] | bucketSample(0, 5000, 10000)` agrees with an
/// experiment bucketed the same way). The three arguments are numbers, each truncated to a whole
/// unsigned 32-bit number as the SDK truncates it (`2.9` is 2, a negative is 0); one above
/// 4294967295 is out of range, anything else (a string, a missing argument) is an error. Extra
/// arguments are ignored, as there. `start + count` past `total` wraps to bucket 0.
enum BucketSampleTransform {
    @Sendable static func apply(_ subject: JSONValue, _ arguments: [JSONValue]) throws(JEXLError) -> JSONValue {
        let start = try argument(arguments, 0, "start")
        let count = try argument(arguments, 1, "count")
        let total = try argument(arguments, 2, "total")
        // The SDK divides by `total` unchecked, which panics on a device: refuse it here instead.
        guard total > 0 else {
            throw .typeMismatch("`bucketSample` needs a positive total (its third argument); the SDK cannot divide by a total of 0")
        }
        let wrappedStart = start % total
        // Unsigned 32-bit arithmetic, wrapping as the SDK's release build does.
        let end = wrappedStart &+ count
        let hash = Sampling.hash(subject)
        if end > total {
            return .bool(isHash(hash, from: 0, to: end % total, of: total) || isHash(hash, from: wrappedStart, to: total, of: total))
        }
        return .bool(isHash(hash, from: wrappedStart, to: end, of: total))
    }

    private static func isHash(_ hash: String, from low: UInt32, to high: UInt32, of total: UInt32) -> Bool {
        let minimum = Sampling.key(Double(low) / Double(total))
        let maximum = Sampling.key(Double(high) / Double(total))
        return minimum <= hash && hash < maximum
    }

    private static func argument(_ arguments: [JSONValue], _ index: Int, _ name: String) throws(JEXLError) -> UInt32 {
        guard index < arguments.count else {
            throw .typeMismatch("`bucketSample` needs three numbers (start, count, total), but \(name) is missing")
        }
        let number: Double
        switch arguments[index] {
        case .int(let value): number = Double(value)
        case .double(let value): number = value
        default:
            throw .typeMismatch("`bucketSample`'s \(name) must be a number, but found \(VersionCompareTransform.describe(arguments[index]))")
        }
        guard !(number > Double(UInt32.max)) else {
            throw .typeMismatch("`bucketSample`'s \(name) is out of range: \(VersionCompareTransform.describe(arguments[index])) is more than 4294967295")
        }
        // Rust's `as u32`: truncation toward zero, negatives and NaN to 0.
        return number.isNaN || number <= 0 ? 0 : UInt32(number.rounded(.towardZero))
    }
}
