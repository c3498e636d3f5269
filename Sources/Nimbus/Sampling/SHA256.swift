/// SHA-256 (FIPS 180-4), written in Swift so bucketing needs no crypto library and behaves the
/// same on every platform.
///
/// Use `SHA256.hash(_:)` for a one-shot digest, or `update(_:)` and `finalize()` to feed data in
/// pieces. Nimbus only needs the first six bytes, but the whole digest is computed and tested
/// against the NIST vectors so a mistake cannot hide in the bytes that are thrown away.
///
/// ```swift
/// let digest = SHA256.hash(Array("abc".utf8))
/// // ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad
/// ```
public struct SHA256: Sendable {
    /// Round constants: the first 32 bits of the fractional parts of the cube roots of the
    /// first 64 primes (FIPS 180-4 §4.2.2).
    private static let k: [UInt32] = [
        0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
        0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
        0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
        0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
        0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
        0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
        0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
        0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
    ]

    /// Initial hash value: the first 32 bits of the fractional parts of the square roots of the
    /// first 8 primes (FIPS 180-4 §5.3.3). Eight stored words, not an array: the digest of a
    /// bucketing input must cost no heap allocation (a client evaluates every record).
    private var h0: UInt32 = 0x6a09e667, h1: UInt32 = 0xbb67ae85, h2: UInt32 = 0x3c6ef372, h3: UInt32 = 0xa54ff53a
    private var h4: UInt32 = 0x510e527f, h5: UInt32 = 0x9b05688c, h6: UInt32 = 0x1f83d9ab, h7: UInt32 = 0x5be0cd19
    /// Bytes waiting for a full 64-byte block.
    private var pending: [UInt8] = []
    /// Total message length in bytes, for the length field of the padding.
    private var length: UInt64 = 0

    public init() {}

    /// The 32-byte digest of `bytes`.
    public static func hash(_ bytes: some Sequence<UInt8>) -> [UInt8] {
        var hasher = SHA256()
        hasher.update(bytes)
        return hasher.finalize()
    }

    /// The first 48 bits of the digest of `bytes`, as Nimbus sampling uses them, computed
    /// without building the whole digest.
    static func first48Bits(of bytes: UnsafeRawBufferPointer) -> UInt64 {
        var hasher = SHA256()
        hasher.absorb(bytes)
        hasher.pad()
        return UInt64(hasher.h0) << 16 | UInt64(hasher.h1 >> 16)
    }

    /// Adds `bytes` to the message.
    public mutating func update(_ bytes: some Sequence<UInt8>) {
        let contiguous = Array(bytes)
        contiguous.withUnsafeBytes { absorb($0) }
    }

    /// Pads the message (FIPS 180-4 §5.1.1) and returns the 32-byte digest.
    public consuming func finalize() -> [UInt8] {
        pad()
        var digest: [UInt8] = []
        digest.reserveCapacity(32)
        for word in [h0, h1, h2, h3, h4, h5, h6, h7] {
            digest.append(UInt8(truncatingIfNeeded: word >> 24))
            digest.append(UInt8(truncatingIfNeeded: word >> 16))
            digest.append(UInt8(truncatingIfNeeded: word >> 8))
            digest.append(UInt8(truncatingIfNeeded: word))
        }
        return digest
    }

    /// Compresses every whole block of `pending + bytes` and keeps the rest in `pending`.
    private mutating func absorb(_ bytes: UnsafeRawBufferPointer) {
        length &+= UInt64(bytes.count)
        var offset = 0
        if !pending.isEmpty {
            let take = min(64 - pending.count, bytes.count)
            pending.append(contentsOf: bytes[0..<take])
            offset = take
            guard pending.count == 64 else { return }
            let block = pending
            block.withUnsafeBytes { compress($0) }
            pending.removeAll(keepingCapacity: true)
        }
        while bytes.count - offset >= 64 {
            compress(UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + 64]))
            offset += 64
        }
        if offset < bytes.count { pending.append(contentsOf: bytes[offset...]) }
    }

    /// Appends the padding and the bit length, compressing the last one or two blocks.
    private mutating func pad() {
        let bitLength = length &* 8
        let used = pending.count
        let blocks = used < 56 ? 1 : 2
        withUnsafeTemporaryAllocation(byteCount: 128, alignment: 8) { tail in
            tail.initializeMemory(as: UInt8.self, repeating: 0)
            for index in 0..<used { tail[index] = pending[index] }
            tail[used] = 0x80
            let end = blocks * 64
            for byte in 0..<8 { tail[end - 1 - byte] = UInt8(truncatingIfNeeded: bitLength >> UInt64(byte * 8)) }
            for block in 0..<blocks {
                compress(UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(tail)[block * 64..<block * 64 + 64]))
            }
        }
        pending.removeAll()
    }

    private static func rotateRight(_ value: UInt32, _ amount: UInt32) -> UInt32 {
        (value >> amount) | (value << (32 - amount))
    }

    /// One application of the compression function to a 64-byte block (FIPS 180-4 §6.2.2).
    /// The message schedule lives in an `InlineArray`, on the stack: no allocation per block.
    private mutating func compress(_ block: UnsafeRawBufferPointer) {
        var w = InlineArray<64, UInt32>(repeating: 0)
        for t in 0..<16 {
            w[t] = UInt32(bigEndian: block.loadUnaligned(fromByteOffset: t * 4, as: UInt32.self))
        }
        for t in 16..<64 {
            let s0 = Self.rotateRight(w[t - 15], 7) ^ Self.rotateRight(w[t - 15], 18) ^ (w[t - 15] >> 3)
            let s1 = Self.rotateRight(w[t - 2], 17) ^ Self.rotateRight(w[t - 2], 19) ^ (w[t - 2] >> 10)
            w[t] = w[t - 16] &+ s0 &+ w[t - 7] &+ s1
        }
        var a = h0, b = h1, c = h2, d = h3, e = h4, f = h5, g = h6, h = h7
        Self.k.withUnsafeBufferPointer { k in
            for t in 0..<64 {
                let bigSigma1 = Self.rotateRight(e, 6) ^ Self.rotateRight(e, 11) ^ Self.rotateRight(e, 25)
                let choose = (e & f) ^ (~e & g)
                let t1 = h &+ bigSigma1 &+ choose &+ k[t] &+ w[t]
                let bigSigma0 = Self.rotateRight(a, 2) ^ Self.rotateRight(a, 13) ^ Self.rotateRight(a, 22)
                let majority = (a & b) ^ (a & c) ^ (b & c)
                let t2 = bigSigma0 &+ majority
                h = g; g = f; f = e; e = d &+ t1
                d = c; c = b; b = a; a = t1 &+ t2
            }
        }
        h0 &+= a; h1 &+= b; h2 &+= c; h3 &+= d
        h4 &+= e; h5 &+= f; h6 &+= g; h7 &+= h
    }
}
