import FeatureFlags
/// What `flags add` is asked to create: a name and how the flag shows up, checked before any
/// file is touched.
///
/// Use it to build the request for `FlagAuthor.add(_:)`. The texts end up in YAML files and in a
/// one-line menu row, so each is a single line, and the description is at most 100 characters.
///
/// ```swift
/// let flag = try NewFlag(name: FlagName(parsing: "newThing"), description: "Shows the new thing",
///                        isDebuggable: true)
/// flag.debugTitle   // "New Thing"
/// ```
public struct NewFlag: Sendable, Hashable {
    /// The longest description accepted; longer ones belong in the feature's documentation.
    public static let maximumDescriptionLength = 100

    public let name: FlagName
    public let description: String?
    public let isDebuggable: Bool
    public let isUserToggleable: Bool
    /// The debug-menu title; nil when the flag is not debuggable.
    public let debugTitle: String?
    /// The debug-menu status line (defaults to the description); nil when the flag is not debuggable.
    public let debugStatus: String?

    public init(name: FlagName, description: String? = nil, isDebuggable: Bool = false, isUserToggleable: Bool = false,
                title: String? = nil, status: String? = nil) throws(AuthoringError) {
        // Named as the row and the registry name them; `flags add` names its options in its help.
        for (field, text) in [("description", description), ("title", title), ("status", status)] {
            guard let text else { continue }
            guard !text.trimmingWhitespace.isEmpty else { throw .invalidArgument("the \(field) is empty; give it some text or leave it out") }
            guard !text.contains(where: \.isNewline) else { throw .invalidArgument("the \(field) must be one line") }
        }
        if let description, description.count > Self.maximumDescriptionLength {
            throw .invalidArgument("the description is \(description.count) characters long; keep it to \(Self.maximumDescriptionLength) (put the details in the feature's documentation)")
        }
        if !isDebuggable, title != nil || status != nil {
            throw .invalidArgument("a title and a status describe the flag's debug-menu row, which only a debuggable flag has; make it debuggable to give it one")
        }
        self.name = name
        self.description = description?.trimmingWhitespace
        self.isDebuggable = isDebuggable
        self.isUserToggleable = isUserToggleable
        debugTitle = isDebuggable ? (title?.trimmingWhitespace ?? name.title) : nil
        debugStatus = isDebuggable ? (status?.trimmingWhitespace ?? self.description ?? "") : nil
    }
}

extension String {
    var trimmingWhitespace: String {
        String(drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }
}
