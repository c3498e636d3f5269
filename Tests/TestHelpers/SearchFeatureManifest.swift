import FeatureFlagsTestSupport

/// The smallest manifest a registry test needs: one feature, `search-feature`, with a Boolean
/// `enabled`, on the developer, beta and release channels. Tests that are about the registry,
/// its snapshot or the client context write it beside the registry they build.
///
/// ```swift
/// SearchFeatureManifest.write(in: folder)   // folder/nimbus.fml.yaml
/// let path = folder.write("app: demo\nmanifest: nimbus.fml.yaml\nflags:\n  search: { feature: search-feature }\n", to: "feature-flags.yaml")
/// ```
public enum SearchFeatureManifest {
    /// The manifest's YAML: `enabled` defaults to `enabled`; `moreVariables` are further lines
    /// of `variables:` (`engine: { description: which, type: String, default: ddg }`).
    public static func text(enabled: Bool = true, moreVariables: [String] = []) -> String {
        let variables = (["enabled: { description: on, type: Boolean, default: \(enabled) }"] + moreVariables)
            .map { "      " + $0 }.joined(separator: "\n")
        return """
            channels: [developer, beta, release]
            features:
              search-feature:
                description: Search
                variables:

            """ + variables
    }

    /// Writes the manifest to `name` in `folder` (creating subfolders) and returns its path.
    @discardableResult
    public static func write(in folder: TemporaryDirectory, to name: String = "nimbus.fml.yaml", enabled: Bool = true,
                             moreVariables: [String] = []) -> String {
        folder.write(text(enabled: enabled, moreVariables: moreVariables), to: name)
    }
}
