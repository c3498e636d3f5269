import FeatureFlags
/// The text of a new feature file, in the shape Firefox's `fxios nimbus add` writes: one feature
/// with an `enabled` Boolean that is off by default and on in the developer channel.
///
/// ```swift
/// FeatureFileTemplate(flag: newFlag, channels: manifest.channels).text
/// // # The configuration for the newThingFeature feature
/// // features:
/// //   new-thing-feature: …
/// ```
struct FeatureFileTemplate {
    let flag: NewFlag
    /// The manifest's channels: the developer default is written only when that channel exists.
    let channels: [String]

    var text: String {
        let name = flag.name
        let description = flag.description ?? "The feature flag to manage the rollout of \(name.title)."
        var lines = [
            "# The configuration for the \(name.id)Feature feature",
            "features:",
            "  \(name.featureID):",
            "    description: \(YAMLScalarText.string(description))",
            "    variables:",
            "      enabled:",
            "        description: \(YAMLScalarText.string("If true, \(name.title) is enabled."))",
            "        type: Boolean",
            "        default: false",
        ]
        // Developers see new work first; beta and release keep the default until a rollout.
        if channels.contains("developer") {
            lines += [
                "    defaults:",
                "      - channel: developer",
                "        value:",
                "          enabled: true",
            ]
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
