import Formats
/// A Feature Manifest that cannot be loaded: YAML syntax, unknown keys, unknown types, defaults
/// of the wrong type, unknown channels, missing includes. The message says what was expected.
///
/// ```swift
/// do { _ = try FeatureManifest.load(path: "nimbus.fml.yaml") }
/// catch { print(error) }  // nimbus.fml.yaml:12:18: invalid default for variable 'enabled' …
/// ```
public typealias ManifestError = SourceError
