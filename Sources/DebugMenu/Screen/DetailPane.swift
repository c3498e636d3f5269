#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
/// Everything about one row, drawn over the rows (Enter or `i` in the menu): for a flag, every
/// layer that could decide its value with the winner marked, the feature's whole value with
/// each variable's source, where flag and feature are defined, and the experiments on the
/// feature. The feature's variables are lines that can be selected and edited.
///
/// The controller fills it (the screen never sees flags or stores) and hands it to
/// `ScreenModel.showDetail(_:)`; the model scrolls it and turns Enter, `x` and `y` on it into
/// `MenuAction`s. When the store changes, the controller gives it new lines with
/// `replacingLines(with:)`, which keeps the scroll position and the selected variable.
///
/// ```swift
/// var pane = DetailPane(rowID: "flag:tipJar", title: "Tip Jar", copyText: "tipJar", lines: [
///     .init([("Feature value", .bold)]),
///     .init([("  \"enabled\": true", .normal)], variable: .init(feature: "tip-jar-feature", name: "enabled",
///                                                                 typeName: "Boolean", editor: .toggle(true))),
/// ])
/// pane.moveSelection(by: 1, room: 20)   // the first variable line is selected
/// ```
public struct DetailPane: Equatable, Hashable, Sendable {
    /// One line of the pane: styled text, and the feature variable it shows, if it is one.
    public struct Line: Equatable, Hashable, Sendable {
        public var segments: [DrawnSegment]
        /// The variable this line starts, which Enter edits and `x` resets.
        public var variable: Variable?

        public init(_ parts: [(String, TextStyle)], variable: Variable? = nil) {
            self.segments = parts.map { DrawnSegment($0.0, style: $0.1) }
            self.variable = variable
        }

        /// The line's text without styles.
        public var text: String { segments.map(\.text).joined() }
    }

    /// A feature variable shown in the pane and how a person edits it.
    public struct Variable: Equatable, Hashable, Sendable {
        /// How Enter edits the variable, by its manifest type.
        public enum Editor: Equatable, Hashable, Sendable {
            /// A Boolean: Enter stores the other value.
            case toggle(Bool)
            /// An enum: Enter stores the variant after `current` (the first when it is none of them).
            case variants([String], current: String?)
            /// Int, String, Text: a prompt holding the current value as text.
            case text(String)
            /// Anything else (Option, List, Map, objects): a prompt holding the value as JSON.
            case json(String)
        }

        public var feature: String
        public var name: String
        /// The manifest type, as the manifest writes it (`Int`, `Option<String>`).
        public var typeName: String
        public var editor: Editor
        /// Whether a feature override of this variable is stored (`x` removes it).
        public var isOverridden: Bool

        public init(feature: String, name: String, typeName: String, editor: Editor, isOverridden: Bool = false) {
            self.feature = feature
            self.name = name
            self.typeName = typeName
            self.editor = editor
            self.isOverridden = isOverridden
        }
    }

    /// The row the pane is about (`MenuRow.id`); Esc returns to it.
    public let rowID: String
    /// The pane's title line.
    public var title: String
    /// What `y` copies: the flag's or preference's id.
    public var copyText: String
    public private(set) var lines: [Line]
    /// Why edits are refused here (a release preview honors no override), or nil when allowed.
    public var editingRefusal: String?
    /// The first line on screen.
    public private(set) var scrollOffset = 0
    /// The index in `lines` of the selected variable line, if any.
    public private(set) var selection: Int?

    public init(rowID: String, title: String, copyText: String, lines: [Line], editingRefusal: String? = nil) {
        self.rowID = rowID
        self.title = title
        self.copyText = copyText
        self.lines = lines
        self.editingRefusal = editingRefusal
    }

    /// The selected variable, if any.
    public var selectedVariable: Variable? { selection.flatMap { lines[$0].variable } }

    /// The indices of the lines that show a variable.
    public var variableLineIndices: [Int] { lines.indices.filter { lines[$0].variable != nil } }

    /// New content for the same row (after a change in the store): the same variable stays
    /// selected and the scroll position is kept as far as the new lines allow.
    public mutating func replacingLines(with newLines: [Line], room: Int) {
        let selected = selectedVariable.map { ($0.feature, $0.name) }
        lines = newLines
        selection = selected.flatMap { selected in
            newLines.firstIndex { $0.variable.map { ($0.feature, $0.name) == selected } ?? false }
        }
        scroll(by: 0, room: room)
    }

    /// Down (`delta` 1) or up (-1): selects the next variable line in that direction when it is
    /// on screen, else scrolls one line, so the text between and after the variables is read
    /// as in a pager. `room` lines fit on screen.
    public mutating func moveSelection(by delta: Int, room: Int) {
        let step = delta < 0 ? -1 : 1
        let room = max(1, room)
        var index = (selection ?? (step > 0 ? scrollOffset - 1 : scrollOffset + room)) + step
        while lines.indices.contains(index), lines[index].variable == nil { index += step }
        if index >= scrollOffset, index < min(lines.count, scrollOffset + room) {
            selection = index
        } else {
            scroll(by: step, room: room)
        }
    }

    /// Scrolls by `delta` lines, stopping at both ends; a selection scrolled off the screen is dropped.
    public mutating func scroll(by delta: Int, room: Int) {
        let room = max(1, room)
        scrollOffset = min(max(scrollOffset + delta, 0), max(0, lines.count - room))
        if let selected = selection, selected < scrollOffset || selected >= scrollOffset + room { selection = nil }
    }

    /// Shows the first (`toEnd` false) or the last lines, selecting the first or last variable on screen.
    public mutating func jump(toEnd: Bool, room: Int) {
        let room = max(1, room)
        scrollOffset = toEnd ? max(0, lines.count - room) : 0
        let shown = variableLineIndices.filter { $0 >= scrollOffset && $0 < scrollOffset + room }
        selection = toEnd ? shown.last : shown.first
    }
}
#endif
