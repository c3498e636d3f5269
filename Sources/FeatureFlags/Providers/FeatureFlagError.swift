/// A request about a flag or preference that cannot be carried out, with the reason in words.
///
/// ```swift
/// do { try provider.setDebugOverride(sponsoredShortcuts, to: true) }
/// catch let error as FeatureFlagError { print(error) }   // "… is not debuggable …"
/// ```
public enum FeatureFlagError: Error, CustomStringConvertible, Equatable, Sendable {
    case notDebuggable(String)
    case notUserToggleable(String)
    case invalidVariant(preference: String, value: String, variants: [String])
    case overridesUnavailableInRelease

    public var description: String {
        switch self {
        case .notDebuggable(let id):
            "flag '\(id)' is not debuggable: it has no debugKey, so it cannot be overridden (add a `debug:` block to it in the registry)"
        case .notUserToggleable(let id):
            "flag '\(id)' is not user togglable: it has no userPrefsKey"
        case .invalidVariant(let preference, let value, let variants):
            "'\(value)' is not a variant of preference '\(preference)'; expected one of: \(variants.joined(separator: ", "))"
        case .overridesUnavailableInRelease:
            "debug overrides are only available in developer and beta builds; this is a release build"
        }
    }
}
