/// `--config` named a file that does not exist.
///
/// ```swift
/// RegistryNotFound(path: "/x/feature-flags.yaml").description   // "/x/feature-flags.yaml: no such registry file; …"
/// ```
public struct RegistryNotFound: Error, CustomStringConvertible, Sendable {
    public var path: String
    public var description: String {
        "\(path): no such registry file; pass the path of your app's feature-flags.yaml to --config, or omit --config to search the working directory and its parents"
    }
}
