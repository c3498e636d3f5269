import Formats
/// `version | versionCompare(other)`: 1, 0 or -1 as `version` is newer than, equal to or older
/// than `other` in Firefox version order (`FirefoxVersion`), as the Nimbus SDK's transform answers.
///
/// Both sides must be strings (a number is an error on a device, so `'1'` must be quoted); an
/// argument after the first is ignored, as the SDK ignores it; `other` is read first, so when
/// both are unreadable the error is about `other`, as there.
enum VersionCompareTransform {
    @Sendable static func apply(_ subject: JSONValue, _ arguments: [JSONValue]) throws(JEXLError) -> JSONValue {
        guard case .string(let current) = subject else {
            // A null is an attribute nothing set, not a version someone forgot to quote.
            let fix = subject == .null ? "an attribute nothing sets is null: give it a value (the registry's `context:`, or --context)"
                : "the SDK compares only strings, so quote the version"
            throw .typeMismatch("`versionCompare` needs a version string before the `|`, but found \(describe(subject)); \(fix)")
        }
        guard let first = arguments.first else {
            throw .typeMismatch("`versionCompare` needs the version to compare with, as in `versionCompare('114.!')`")
        }
        guard case .string(let minimum) = first else {
            throw .typeMismatch("`versionCompare` needs a version string to compare with, but found \(describe(first)); the SDK compares only strings, so quote the version")
        }
        let other = try version(minimum)
        let version = try version(current)
        return .int(version.compare(other))
    }

    private static func version(_ text: String) throws(JEXLError) -> FirefoxVersion {
        do {
            return try FirefoxVersion(parsing: text)
        } catch {
            throw .typeMismatch("`versionCompare` cannot read the version '\(text)': \(error)")
        }
    }

    static func describe(_ value: JSONValue) -> String { value.kindAndText }
}
