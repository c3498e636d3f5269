import FeatureFlags
/// A preset name that is not valid or not found.
///
/// ```swift
/// PresetNameError(message: "no preset named 'x'").description   // "no preset named 'x'"
/// ```
public struct PresetNameError: Error, CustomStringConvertible, Sendable {
    public var message: String
    public var description: String { message }
}
