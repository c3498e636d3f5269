#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
/// `flags log --since DURATION`: an amount and a unit, `90s`, `30m`, `2h`, `7d` or `1w`.
///
/// ```swift
/// try SinceDuration.seconds("2h")   // 7200
/// ```
enum SinceDuration {
    static let units: [Character: Double] = ["s": 1, "m": 60, "h": 3_600, "d": 86_400, "w": 7 * 86_400]

    static func seconds(_ text: String) throws(CLIError) -> Double {
        guard let unit = text.last, let size = units[unit] else { throw usage(text) }
        let digits = text.dropLast()
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }), let amount = Double(digits), amount <= 1e9 else {
            throw usage(text)
        }
        return amount * size
    }

    private static func usage(_ text: String) -> CLIError {
        .usage("--since needs an amount and a unit such as 90s, 30m, 2h, 7d or 1w; found '\(text)'", command: LogCommand.name)
    }
}
#endif
