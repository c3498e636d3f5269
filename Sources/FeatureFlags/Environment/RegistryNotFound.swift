/// The registry named (`FlagsOptions.configPath`, `FLAGS_CONFIG`, `--config`) does not exist or
/// is no registry file (a folder, a device), or none was named at all.
///
/// ```swift
/// RegistryNotFound(path: "/x/feature-flags.yaml").description   // "/x/feature-flags.yaml: no such registry file; …"
/// RegistryNotFound(path: "/dev/zero", kind: "a device").description   // "/dev/zero: a device, not a registry file; …"
/// ```
public struct RegistryNotFound: Error, CustomStringConvertible, Sendable {
    public var path: String
    /// What is at `path` instead of a file ("a folder", "a device"); nil when nothing is.
    public var kind: String?

    public init(path: String, kind: String? = nil) {
        self.path = path
        self.kind = kind
    }

    /// An app that opened its flags without naming a registry.
    public static let noneNamed = RegistryNotFound(path: "", kind: nil)

    public var description: String {
        if path.isEmpty {
            return "no registry named: pass the path of your app's feature-flags.yaml as FlagsOptions(configPath:), or set FLAGS_CONFIG"
        }
        return "\(path): \(kind.map { "\($0), not a registry file" } ?? "no such registry file"); pass the path of your app's feature-flags.yaml to --config, or omit --config to search the working directory and its parents"
    }
}
