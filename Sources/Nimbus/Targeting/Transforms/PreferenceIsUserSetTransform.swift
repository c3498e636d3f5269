import Formats
/// `'pref.name' | preferenceIsUserSet`: whether the user changed a Gecko preference that a
/// feature of the manifest sets (`gecko-pref:`), as the Nimbus SDK's transform answers.
///
/// On a device the answer comes from the app's Gecko preference handler, and only for prefs the
/// manifest's features declare; an app without Gecko (Firefox for iOS) registers no handler, so
/// the answer there is always `false`. `isUserSet` is that handler here (nil: none, as on iOS).
/// The transform takes no arguments and the subject must be a string, as in the SDK.
struct PreferenceIsUserSetTransform: Sendable {
    let isUserSet: (@Sendable (String) -> Bool)?

    /// This transform as JEXL calls it.
    var transform: JEXLTransforms.Transform {
        let this = self
        return { (subject: JSONValue, arguments: [JSONValue]) throws(JEXLError) -> JSONValue in try this.apply(subject, arguments) }
    }

    func apply(_ subject: JSONValue, _ arguments: [JSONValue]) throws(JEXLError) -> JSONValue {
        guard arguments.isEmpty else {
            throw .typeMismatch("`preferenceIsUserSet` takes no arguments (found \(arguments.count)); write `'pref.name' | preferenceIsUserSet`")
        }
        guard case .string(let name) = subject else {
            throw .typeMismatch("`preferenceIsUserSet` needs a preference name string before the `|`, but found \(VersionCompareTransform.describe(subject))")
        }
        return .bool(isUserSet?(name) ?? false)
    }
}
