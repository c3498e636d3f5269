/// Whether a text is a timestamp the Nimbus SDK can read as a `DateTime<Utc>`: chrono parses
/// one with its relaxed RFC 3339 (`DateTime<FixedOffset>::from_str`), and a record whose
/// `publishedDate` it cannot read fails to deserialize, so the SDK drops the record.
///
/// Accepted, as chrono accepts them: `2024-01-02T03:04:05Z`, a fraction of a second
/// (`05.123456`), `t` or a space for `T`, `z` or `UTC` for `Z`, an offset `+01:00`, `+0100` or
/// `-01 00`, and spaces before the offset. Refused: a date alone, a time without seconds, a
/// month 13, 30 February, an offset without minutes.
///
/// ```swift
/// RFC3339.isValid("2024-01-02T03:04:05Z")   // true
/// RFC3339.isValid("2024-01-02")             // false
/// ```
enum RFC3339 {
    static func isValid(_ text: String) -> Bool {
        var bytes = Array(text.utf8)[...]

        func digits(_ count: Int) -> Int? {
            guard bytes.count >= count else { return nil }
            var value = 0
            for byte in bytes.prefix(count) {
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            bytes = bytes.dropFirst(count)
            return value
        }
        func take(_ allowed: String) -> Bool {
            guard let first = bytes.first, allowed.utf8.contains(first) else { return false }
            bytes = bytes.dropFirst()
            return true
        }
        func skipSpaces() { while bytes.first == UInt8(ascii: " ") || bytes.first == UInt8(ascii: "\t") { bytes = bytes.dropFirst() } }

        guard let year = digits(4), take("-"), let month = digits(2), take("-"), let day = digits(2),
              (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: year),
              take("Tt "), let hour = digits(2), take(":"), let minute = digits(2), take(":"), let second = digits(2),
              hour < 24, minute < 60, second <= 60 else { return false }
        if take(".") {
            var count = 0
            while let byte = bytes.first, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") { bytes = bytes.dropFirst(); count += 1 }
            guard count > 0 else { return false }
        }
        skipSpaces()
        if bytes.count >= 3, String(decoding: bytes.prefix(3), as: UTF8.self).uppercased() == "UTC" {
            bytes = bytes.dropFirst(3)
        } else if take("Zz") {
        } else if take("+-") {
            guard let offsetHours = digits(2), offsetHours < 24 else { return false }
            _ = take(": ")
            guard let offsetMinutes = digits(2), offsetMinutes < 60 else { return false }
        } else {
            return false
        }
        skipSpaces()
        return bytes.isEmpty
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}
