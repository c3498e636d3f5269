#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A fast 64-bit checksum of bytes (FNV-1a over 8-byte words, then the rest byte by byte, then
/// the length): enough to tell that content changed (a snapshot damaged after it was written, a
/// generated file edited since, a large value of the history), about a millisecond for 3 MB. It
/// is stable across processes and versions, and no defense against someone forging content.
///
/// ```swift
/// ContentChecksum.of(Array("abc".utf8))         // a UInt64
/// ContentChecksum.hex(of: Array("abc".utf8))    // 16 lowercase hex digits
/// ```
public enum ContentChecksum {
    public static func of(_ bytes: some ContiguousBytes & Collection<UInt8>) -> UInt64 {
        bytes.withUnsafeBytes { raw in
            var hash: UInt64 = 0xCBF2_9CE4_8422_2325
            let words = raw.count / 8
            for word in 0..<words {
                hash = (hash ^ raw.loadUnaligned(fromByteOffset: word * 8, as: UInt64.self)) &* 0x0000_0100_0000_01B3
            }
            for byte in raw[(words * 8)...] { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
            return hash ^ UInt64(raw.count)
        }
    }

    /// The checksum as 16 lowercase hex digits.
    public static func hex(of bytes: some ContiguousBytes & Collection<UInt8>) -> String {
        let hex = String(of(bytes), radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// The checksum of a text's UTF-8.
    public static func hex(of text: String) -> String { hex(of: Array(text.utf8)) }
}
