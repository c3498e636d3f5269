import CCrypto

/// SHA-256 (FIPS 180-4), computed by OpenSSL's libcrypto: the one file that touches it.
///
/// Use `SHA256.hash(_:)` for a one-shot digest, or `update(_:)` and `finalize()` to feed data in
/// pieces. Nimbus needs only the first six bytes, but whole digests are tested against the NIST
/// vectors. libcrypto uses the CPU's SHA instructions where it has them, several times faster
/// than portable code on the bucketing path, where a client hashes once or twice per record.
///
/// ```swift
/// let digest = SHA256.hash(Array("abc".utf8))
/// // ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad
/// ```
public struct SHA256: Sendable {
    /// The message so far; hashed in one call at `finalize`, since messages here are small.
    private var message: [UInt8] = []

    public init() {}

    /// The 32-byte digest of `bytes`.
    public static func hash(_ bytes: some Sequence<UInt8>) -> [UInt8] {
        var hasher = SHA256()
        hasher.update(bytes)
        return hasher.finalize()
    }

    /// Adds `bytes` to the message.
    public mutating func update(_ bytes: some Sequence<UInt8>) {
        message.append(contentsOf: bytes)
    }

    /// The 32-byte digest of the message.
    public consuming func finalize() -> [UInt8] {
        message.withUnsafeBytes { Self.digest(of: $0) }
    }

    static func digest(of bytes: UnsafeRawBufferPointer) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: 32) { digest, count in
            ccrypto_sha256(bytes.baseAddress, bytes.count, digest.baseAddress!)
            count = 32
        }
    }

    /// The first 48 bits of the digest of `bytes`, as Nimbus sampling uses them, without a heap
    /// allocation for the digest.
    static func first48Bits(of bytes: UnsafeRawBufferPointer) -> UInt64 {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 32) { digest in
            ccrypto_sha256(bytes.baseAddress, bytes.count, digest.baseAddress!)
            return digest.prefix(6).reduce(0) { $0 << 8 | UInt64($1) }
        }
    }
}
