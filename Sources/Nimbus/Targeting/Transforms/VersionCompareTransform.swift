/// `version | versionCompare(other)`: negative, zero or positive as `version` sorts before,
/// with or after `other` in Firefox version order.
enum VersionCompareTransform {
    @Sendable static func apply(_ subject: JSONValue, _ arguments: [JSONValue]) throws(JEXLError) -> JSONValue {
        guard arguments.count == 1 else {
            throw .typeMismatch("`versionCompare` takes one argument, found \(arguments.count)")
        }
        return .int(FirefoxVersion(try versionText(subject)).compare(FirefoxVersion(try versionText(arguments[0]))))
    }

    private static func versionText(_ value: JSONValue) throws(JEXLError) -> String {
        switch value {
        case .string(let text): return text
        case .int(let int): return String(int)
        default: throw .typeMismatch("`versionCompare` needs a version string, but found \(value.kindName) \(value.compactText)")
        }
    }
}
