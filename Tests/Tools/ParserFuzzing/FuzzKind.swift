/// The three kinds of file the fuzzer feeds to the loaders.
///
/// ```swift
/// FuzzKind.allCases   // [.manifest, .registry, .experiments]
/// ```
public enum FuzzKind: String, CaseIterable, Sendable {
    /// A Feature Manifest file (`*.fml.yaml` or an included file), loaded with its includes.
    case manifest
    /// A flag registry (`feature-flags.yaml`), loaded and checked against its manifest.
    case registry
    /// Remote Settings experiment records (`{"data": [...]}`), read and evaluated for a client.
    case experiments
}
