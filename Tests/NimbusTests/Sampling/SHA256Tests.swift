import Testing
@testable import Nimbus

@Suite struct SHA256Tests {
    private func hex(_ bytes: [UInt8]) -> String {
        bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }

    // NIST FIPS 180-4 example vectors.
    @Test func abc() {
        #expect(hex(SHA256.hash(Array("abc".utf8))) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }

    @Test func empty() {
        #expect(hex(SHA256.hash([UInt8]())) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    }

    @Test func twoBlockMessage448Bits() {
        let message = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"
        #expect(hex(SHA256.hash(Array(message.utf8))) == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    }

    @Test func oneMillionAs() {
        var hasher = SHA256()
        let chunk = [UInt8](repeating: UInt8(ascii: "a"), count: 1000)
        for _ in 0..<1000 { hasher.update(chunk) }
        #expect(hex(hasher.finalize()) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test func feedingInPiecesEqualsOneShot() {
        // 55, 56 and 64 bytes sit on the padding boundaries.
        for length in [55, 56, 63, 64, 65, 119, 120] {
            let message = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 7) }
            var hasher = SHA256()
            hasher.update(message.prefix(length / 3))
            hasher.update(message.dropFirst(length / 3))
            #expect(hasher.finalize() == SHA256.hash(message), "length \(length)")
        }
    }
}
