/// Why a prefs store file could not be opened or written, always naming the file and what to do.
///
/// The store is never "repaired": a file that is not a valid store is left byte-for-byte as it
/// was and reported with this error instead.
///
/// ```swift
/// do { _ = try SQLitePrefs(path: path) }
/// catch let error as PrefsStoreError { print(error) }   // "…/prefs.sqlite: not a SQLite database …"
/// ```
public struct PrefsStoreError: Error, CustomStringConvertible, Sendable {
    /// What went wrong, in broad strokes, so a caller can choose an exit code or retry.
    public enum Kind: Sendable, Equatable {
        case notAStore, newerSchema, notAFile, unsafePermissions, readOnly, diskFull, busy, valueTooLarge, io
    }

    public var path: String
    public var kind: Kind
    /// What is wrong, in a sentence.
    public var problem: String
    /// What the user can do about it.
    public var hint: String

    public init(path: String, kind: Kind, problem: String, hint: String) {
        self.path = path
        self.kind = kind
        self.problem = problem
        self.hint = hint
    }

    public var description: String { "\(path): \(problem)\n  hint: \(hint)" }
}
