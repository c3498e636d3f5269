/// The registry an app opened says something else about its flags than the Swift `flags generate`
/// wrote for it: a flag the code reads is missing, or reads another Nimbus variable, or lost its
/// debug row or user key. Thrown at start by the generated `checkGeneratedCode()`, so a stale
/// generated file is an error naming each difference, not a flag that silently stays off.
///
/// ```swift
/// try environment.registry.checkGeneratedCode()
/// // the Swift generated for feature-flags.yaml no longer matches it: flag 'newMenu' is not in
/// // the registry; run `flags generate --output FILE` again and rebuild
/// ```
public struct GeneratedCodeMismatch: Error, CustomStringConvertible, Sendable {
    /// The registry the app opened.
    public var registryPath: String
    /// One sentence per difference, in id order.
    public var differences: [String]

    public init(registryPath: String, differences: [String]) {
        self.registryPath = registryPath
        self.differences = differences
    }

    public var description: String {
        "the Swift generated for \(registryPath) no longer matches it: \(differences.joined(separator: "; ")); "
            + "run `flags --config \(registryPath) generate --output FILE` again (FILE: the app's generated source) and rebuild"
    }
}
