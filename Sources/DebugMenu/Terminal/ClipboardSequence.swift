#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
/// The OSC 52 escape sequence that asks a terminal (xterm, iTerm2, kitty, tmux with
/// `set-clipboard on`, and through ssh) to put a text on the system clipboard: `ESC ] 52 ; c ;`
/// the text in base64, then BEL. The text travels as base64, so nothing in it can reach the
/// terminal as a control sequence.
///
/// `Terminal.copyToClipboard(_:)` writes it; this type only builds the bytes, so tests can read them.
///
/// ```swift
/// ClipboardSequence.bytes(for: "tipJar")   // ESC ]52;c;dGlwSmFy BEL
/// ```
public enum ClipboardSequence {
    /// Terminals drop longer sequences (xterm's limit is about 100 kB of base64); an id is far shorter.
    public static let maximumTextLength = 65_536

    /// The sequence for `text`, or nil when it is too long to send.
    public static func bytes(for text: String) -> [UInt8]? {
        let utf8 = Array(text.utf8)
        guard utf8.count <= maximumTextLength else { return nil }
        return [0x1B] + Array("]52;c;".utf8) + base64(utf8) + [0x07]
    }

    /// RFC 4648 base64 with padding.
    static func base64(_ bytes: [UInt8]) -> [UInt8] {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        var index = 0
        while index < bytes.count {
            let count = min(3, bytes.count - index)
            var chunk = UInt32(bytes[index]) << 16
            if count > 1 { chunk |= UInt32(bytes[index + 1]) << 8 }
            if count > 2 { chunk |= UInt32(bytes[index + 2]) }
            for position in 0..<4 {
                if position <= count {
                    out.append(alphabet[Int((chunk >> UInt32(18 - 6 * position)) & 0x3F)])
                } else {
                    out.append(UInt8(ascii: "="))
                }
            }
            index += 3
        }
        return out
    }
}
#endif
