import Formats
/// The bucket a client falls in, for explaining bucketing to people (`flags info`, the reason
/// "not in the sampled buckets"): enrollment itself compares hashes with `bucketSample` and never
/// needs it.
///
/// Bucket `b` of `total` holds the hashes in `[key(b/total), key((b+1)/total))`, the same bounds
/// `bucketSample` compares against, so a client is selected exactly when its bucket is one the
/// record takes (`takenBuckets`).
///
/// ```swift
/// Sampling.bucket(nimbusID: id, namespace: "homescreen", total: 10_000)          // 7342
/// Sampling.takenBuckets(start: 9_000, count: 2_000, total: 10_000)               // [9000..<10000, 0..<1000]
/// ```
extension Sampling {
    /// The bucket of `input` among `total` (`0..<total`); nil when `total` is not positive.
    /// Only the hash `2⁴⁸ − 1` lies above every bucket: it gives `total`, in no range, as
    /// `bucketSample` selects it for no range either.
    public static func bucket(of input: JSONValue, total: Int) -> Int? {
        guard total > 0 else { return nil }
        return bucket(hash: hashValue(input), total: total)
    }

    /// The bucket of the production input `[<nimbus id>, <namespace>]`.
    public static func bucket(nimbusID: String, namespace: String, total: Int) -> Int? {
        bucket(of: .array([.string(nimbusID), .string(namespace)]), total: total)
    }

    static func bucket(hash: UInt64, total: Int) -> Int {
        // A first guess from the fraction, then corrected against the very keys `bucketSample`
        // compares with, so rounding in the guess cannot put a client in the wrong bucket.
        var bucket = min(total, max(0, Int(Double(hash) / Double(hashMultiplier) * Double(total))))
        while bucket > 0, keyValue(Double(bucket) / Double(total)) > hash { bucket -= 1 }
        while bucket < total, keyValue(Double(bucket + 1) / Double(total)) <= hash { bucket += 1 }
        return bucket
    }

    /// The buckets a record's `bucketConfig` takes, as `bucketSample` reads it: `count` buckets
    /// from `start` (taken modulo `total`), wrapping past `total` to bucket 0. Empty when it
    /// takes none (a count of 0, a total that is not positive, a negative start or count).
    public static func takenBuckets(start: Int, count: Int, total: Int) -> [Range<Int>] {
        guard total > 0, start >= 0, count > 0 else { return [] }
        let wrappedStart = start % total
        let end = wrappedStart + count
        guard end > total else { return [wrappedStart..<end] }
        // `bucketSample` checks the head `0..<end % total` and the tail; a count above `total`
        // makes the head reach into the tail, which is then every bucket.
        let head = 0..<min(end % total, total)
        let tail = wrappedStart..<total
        if head.upperBound >= tail.lowerBound { return [0..<total] }
        return [tail, head].filter { !$0.isEmpty }
    }

    /// `takenBuckets` in words: "0–4999", "9000–9999 and 0–999", "none".
    public static func takenBucketsText(start: Int, count: Int, total: Int) -> String {
        let ranges = takenBuckets(start: start, count: count, total: total)
        guard !ranges.isEmpty else { return "none" }
        return ranges.map { $0.count == 1 ? "\($0.lowerBound)" : "\($0.lowerBound)–\($0.upperBound - 1)" }.joined(separator: " and ")
    }
}
