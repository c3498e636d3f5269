import Formats
/// Nimbus's deterministic sampling: which users a bucket range selects and which branch each
/// selected user gets, computed exactly as application-services' `sampling.rs` does.
///
/// Use it when deciding enrollment; the same nimbus id always lands in the same bucket and
/// branch, on every device and in every SDK, because the input is hashed rather than drawn at
/// random. Hashes are the first 48 bits of SHA-256 of the compact JSON text of the input,
/// compared against `floor(fraction × (2⁴⁸ − 1))`.
///
/// ```swift
/// let id = "3d2142de-53bf-2d48-a92d-45fb7036cbf6"
/// let inBucket = Sampling.bucketSample(input: .array([.string(id), .string("ns")]),
///                                      start: 0, count: 5000, total: 10000)
/// let branch = Sampling.ratioSample(input: .string("experimentmanager-\(id)-TEST_EXP1-branch"),
///                                   ratios: [1, 1])   // 1: the second branch, "blue"
/// ```
public enum Sampling {
    /// 2⁴⁸ − 1: the largest 48-bit hash, and the multiplier that maps a fraction onto hashes.
    static let hashMultiplier: UInt64 = (1 << 48) - 1

    /// The first 6 bytes of SHA-256 of `value.compactText`, as 12 lowercase hex digits.
    public static func hash(_ value: JSONValue) -> String {
        hexKey(hashValue(value))
    }

    /// `floor(fraction × (2⁴⁸ − 1))` as 12 lowercase hex digits.
    ///
    /// - Precondition: `fraction` is in `0...1` (Nimbus rejects anything else as invalid).
    public static func key(_ fraction: Double) -> String {
        hexKey(keyValue(fraction))
    }

    /// Whether `input` falls in the `count` buckets starting at `start` out of `total`; a range
    /// that runs past `total` wraps to bucket 0 (start 70, count 50 of 100 checks 70–99 and 0–19).
    /// A `total` that is not positive selects nobody.
    public static func bucketSample(input: JSONValue, start: Int, count: Int, total: Int) -> Bool {
        bucketSample(hash: hashValue(input), start: start, count: count, total: total)
    }

    static func bucketSample(hash inputHash: UInt64, start: Int, count: Int, total: Int) -> Bool {
        guard total > 0, start >= 0, count >= 0 else { return false }
        let wrappedStart = start % total
        let end = wrappedStart + count
        if end > total {
            return isHash(inputHash, inBucketsFrom: 0, to: end % total, of: total)
                || isHash(inputHash, inBucketsFrom: wrappedStart, to: total, of: total)
        }
        return isHash(inputHash, inBucketsFrom: wrappedStart, to: end, of: total)
    }

    /// The index of the ratio `input` falls in: walking the ratios cumulatively, the first `i`
    /// with `hash <= key(cumulative / sum)`. With ratios `[1, 2, 3, 4]`, 10% of inputs give 0,
    /// 20% give 1, and so on.
    ///
    /// - Precondition: `ratios` is not empty, none is negative, and their sum is positive.
    public static func ratioSample(input: JSONValue, ratios: [Int]) -> Int {
        ratioSample(hash: hashValue(input), ratios: ratios)
    }

    static func ratioSample(hash inputHash: UInt64, ratios: [Int]) -> Int {
        precondition(!ratios.isEmpty, "ratioSample needs at least one ratio")
        precondition(ratios.allSatisfy { $0 >= 0 }, "ratios cannot be negative")
        let sum = ratios.reduce(0, +)
        precondition(sum > 0, "ratios must add up to more than 0")
        var cumulative = 0
        for (index, ratio) in ratios.enumerated() {
            cumulative += ratio
            if inputHash <= keyValue(Double(cumulative) / Double(sum)) { return index }
        }
        // Unreachable in exact arithmetic (the last key is 2⁴⁸ − 1); kept as upstream does.
        return ratios.count - 1
    }

    /// `bucketSample` for the production input `[<nimbus id>, <namespace>]`, hashed without
    /// building a JSON value: every client checks every record on every start.
    public static func bucketSample(nimbusID: String, namespace: String, start: Int, count: Int, total: Int) -> Bool {
        guard let hash = hashOfJSON("[\"", nimbusID, "\",\"", namespace, "\"]") else {
            return bucketSample(input: .array([.string(nimbusID), .string(namespace)]), start: start, count: count, total: total)
        }
        return bucketSample(hash: hash, start: start, count: count, total: total)
    }

    /// `ratioSample` for the production input, the string `experimentmanager-<id>-<slug>-branch`.
    public static func ratioSample(nimbusID: String, slug: String, ratios: [Int]) -> Int {
        // One branch with a weight is chosen whatever the hash (every rollout): skip hashing.
        if ratios.count == 1, ratios[0] > 0 { return 0 }
        guard let hash = hashOfJSON("\"experimentmanager-", nimbusID, "-", slug, "-branch\"") else {
            return ratioSample(input: .string("experimentmanager-\(nimbusID)-\(slug)-branch"), ratios: ratios)
        }
        return ratioSample(hash: hash, ratios: ratios)
    }

    /// The hash of the JSON text `open` + `first` + `middle` + `second` + `close`, assembled on
    /// the stack from the strings' bytes (every client checks every record on every start), or
    /// nil when a string needs JSON escaping and the general path must build the text.
    private static func hashOfJSON(_ open: StaticString, _ first: String, _ middle: StaticString, _ second: String,
                                   _ close: StaticString) -> UInt64? {
        var first = first, second = second
        return first.withUTF8 { one in
            second.withUTF8 { two -> UInt64? in
                func clean(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
                    !utf8.contains { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }
                }
                guard clean(one), clean(two) else { return nil }
                let count = open.utf8CodeUnitCount + one.count + middle.utf8CodeUnitCount + two.count + close.utf8CodeUnitCount
                // Copied piece by piece into one stack buffer: no array of pieces, no heap.
                return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: count) { buffer in
                    var offset = 0
                    func append(_ start: UnsafePointer<UInt8>?, _ length: Int) {
                        guard let start, length > 0 else { return }
                        (buffer.baseAddress! + offset).initialize(from: start, count: length)
                        offset += length
                    }
                    append(open.utf8Start, open.utf8CodeUnitCount)
                    append(one.baseAddress, one.count)
                    append(middle.utf8Start, middle.utf8CodeUnitCount)
                    append(two.baseAddress, two.count)
                    append(close.utf8Start, close.utf8CodeUnitCount)
                    return SHA256.first48Bits(of: UnsafeRawBufferPointer(buffer))
                }
            }
        }
    }

    /// The 48-bit truncated hash as an integer; comparing integers is the same as comparing the
    /// zero-padded hex strings upstream compares.
    static func hashValue(_ value: JSONValue) -> UInt64 {
        value.compactUTF8.withUnsafeBytes { SHA256.first48Bits(of: $0) }
    }

    static func keyValue(_ fraction: Double) -> UInt64 {
        precondition((0.0...1.0).contains(fraction), "fraction \(fraction) is outside 0...1")
        // Computed in Double, as upstream's `f64` does, so rounding agrees at the edges. The
        // product is never negative, so converting truncates toward zero, which is `floor`
        // (and needs no libm, which a Foundation-free module does not link).
        return UInt64(fraction * Double(hashMultiplier))
    }

    private static func isHash(_ hash: UInt64, inBucketsFrom minBucket: Int, to maxBucket: Int, of total: Int) -> Bool {
        let minHash = keyValue(Double(minBucket) / Double(total))
        let maxHash = keyValue(Double(maxBucket) / Double(total))
        return minHash <= hash && hash < maxHash
    }

    private static func hexKey(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: max(0, 12 - digits.count)) + digits
    }
}
