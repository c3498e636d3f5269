import Platform
import FeatureFlags

/// Writes a path relative to a folder, for messages and generated headers that must not depend
/// on where a checkout lives.
///
/// ```swift
/// RelativePath.of("/app/feature-flags.yaml", from: "/app/Sources")   // "../feature-flags.yaml"
/// ```
public enum RelativePath {
    public static func of(_ path: String, from folder: String) -> String {
        let target = URL(fileURLWithPath: path).standardizedFileURL.pathComponents
        let base = URL(fileURLWithPath: folder).standardizedFileURL.pathComponents
        var common = 0
        while common < min(target.count, base.count), target[common] == base[common] { common += 1 }
        let parts = Array(repeating: "..", count: base.count - common) + target[common...]
        return parts.isEmpty ? "." : parts.joined(separator: "/")
    }
}
