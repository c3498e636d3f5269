/// Why a version string cannot be read by `versionCompare`: the two errors the Nimbus SDK's
/// version parser has.
enum FirefoxVersionError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A part has a character outside ASCII.
    case nonASCII(part: String)
    /// A number in a part does not fit a signed 32-bit integer.
    case overflow(part: String)

    var description: String {
        switch self {
        case .nonASCII(let part): "the part `\(part)` has a character that is not ASCII"
        case .overflow(let part): "a number in the part `\(part)` is larger than 2147483647"
        }
    }
}
