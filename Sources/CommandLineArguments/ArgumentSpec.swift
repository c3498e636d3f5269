/// A positional argument of a command: what it is, for completion. The last one of a command
/// may repeat (`flags reset ID...`).
///
/// ```swift
/// ArgumentSpec(.file, repeats: true)
/// ArgumentSpec(.text("ID"), assignedValue: .choice(["on", "off"]))   // also ID=on ID=off ...
/// ```
public struct ArgumentSpec: Sendable {
    public var kind: ValueKind
    public var repeats: Bool
    /// When the argument may also be written `WORD=VALUE` (`flags set a=on b=off`): the kind of
    /// VALUE. A line holding such a word takes only such words, each one completed as the kind,
    /// then after its `=` as this.
    public var assignedValue: ValueKind?

    public init(_ kind: ValueKind, repeats: Bool = false, assignedValue: ValueKind? = nil) {
        self.kind = kind
        self.repeats = repeats
        self.assignedValue = assignedValue
    }
}
