#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
/// `--timeout DURATION` of `flags matrix` and `flags bisect`: seconds (`90`, `2.5`), or an
/// amount and a unit, `500ms`, `90s`, `10m`, `1h`.
///
/// ```swift
/// try RunTimeout.seconds("10m", option: "--timeout", command: "matrix")   // 600
/// ```
enum RunTimeout {
    static let units: [(suffix: String, seconds: Double)] = [("ms", 0.001), ("s", 1), ("m", 60), ("h", 3_600)]

    static func seconds(_ text: String, option: String, command: String) throws(CLIError) -> Double {
        var amount = Substring(text)
        var size = 1.0
        if let unit = units.first(where: { text.hasSuffix($0.suffix) }) {
            amount = text.dropLast(unit.suffix.count)
            size = unit.seconds
        }
        guard !amount.isEmpty, amount.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }), let value = Double(amount),
              value > 0, value * size <= 7 * 86_400 else {
            throw .usage("\(option) needs a time such as 90s, 10m, 1h or 500ms (at most a week), found '\(text)'", command: command)
        }
        return value * size
    }

    /// `--retries N`: 0 to 10.
    static func retries(_ text: String?, option: String, command: String) throws(CLIError) -> Int {
        guard let text else { return 0 }
        guard let count = Int(text), (0...10).contains(count) else {
            throw .usage("\(option) needs a number of extra runs from 0 to 10, found '\(text)'", command: command)
        }
        return count
    }
}
#endif
