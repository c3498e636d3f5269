#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Finds a file by name in a folder or the nearest of its parents, as git finds `.git`: how the
/// `flags` tool and the demo app find an app's `feature-flags.yaml` from wherever they are
/// started inside it.
///
/// ```swift
/// UpwardFileSearch.nearest(named: "feature-flags.yaml", from: "/src/app/Sources")   // "/src/app/feature-flags.yaml"
/// ```
public enum UpwardFileSearch {
    /// The path of `name` in `folder` (made absolute and standardized) or its nearest parent
    /// holding one; nil when neither it nor any parent up to `/` does.
    public static func nearest(named name: String, from folder: String) -> String? {
        var folder = URL(fileURLWithPath: folder).standardizedFileURL.path
        while true {
            let candidate = FilePathText.joined(folder, name)
            if FileManager.default.fileExists(atPath: candidate) { return candidate }
            let parent = FilePathText.folder(of: folder)
            if parent == folder || parent.isEmpty { return nil }
            folder = parent
        }
    }
}
