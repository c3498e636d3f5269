/// Path arithmetic on plain strings, with the rules of `NSString`'s path methods, for modules
/// that import only FoundationEssentials (which has no `NSString`).
///
/// Paths are text here, never resolved against the file system: `folder(of: "a/b")` is `"a"`
/// whether or not `a` exists, and a bare name's folder is `""` (the caller decides that means
/// the current directory).
public enum FilePathText {
    /// Everything before the last component: `"/a/b/c"` → `"/a/b"`, `"/a"` → `"/"`, `"c"` → `""`.
    /// Like `deletingLastPathComponent`, trailing slashes are ignored and `"/"` stays `"/"`.
    public static func folder(of path: String) -> String {
        let trimmed = withoutTrailingSlashes(path)
        guard let slash = trimmed.lastIndex(of: "/") else { return "" }
        let folder = withoutTrailingSlashes(String(trimmed[..<slash]))
        return folder.isEmpty ? "/" : folder
    }

    /// The last component: `"/a/b.yaml"` → `"b.yaml"`, `"/a/b/"` → `"b"`, `"/"` → `"/"`.
    public static func lastComponent(of path: String) -> String {
        let trimmed = withoutTrailingSlashes(path)
        guard let slash = trimmed.lastIndex(of: "/") else { return trimmed }
        return trimmed == "/" ? "/" : String(trimmed[trimmed.index(after: slash)...])
    }

    /// `folder` and `name` joined by exactly one slash; an empty side adds nothing
    /// (`appendingPathComponent`'s rule).
    public static func joined(_ folder: String, _ name: String) -> String {
        if folder.isEmpty { return name }
        if name.isEmpty { return folder }
        let left = withoutTrailingSlashes(folder)
        let right = name.drop(while: { $0 == "/" })
        return left == "/" ? "/" + right : left + "/" + right
    }

    /// `path` without trailing slashes, keeping a lone `"/"`.
    private static func withoutTrailingSlashes(_ path: String) -> String {
        var end = path.endIndex
        while end > path.startIndex, path[path.index(before: end)] == "/" { end = path.index(before: end) }
        if end == path.startIndex { return path.isEmpty ? "" : "/" }
        return String(path[..<end])
    }
}
