/// What happened to a store's path since the store was opened, when it no longer names the
/// file that was opened (`SQLitePrefs.changeAtPath()`).
///
/// A program that keeps a store open (the debug menu) would otherwise go on reading and writing
/// a file that was moved away or deleted, and its changes would be lost to everyone else.
///
/// ```swift
/// if let change = prefs.changeAtPath() { print("the store was \(change)") }   // "moved away or deleted"
/// ```
public enum StorePathChange: Sendable, Equatable, CustomStringConvertible {
    /// Nothing is at the path any more: the file was moved away or deleted.
    case missing
    /// Another file is at the path now.
    case replaced

    public var description: String {
        switch self {
        case .missing: "moved away or deleted"
        case .replaced: "replaced by another file"
        }
    }
}
