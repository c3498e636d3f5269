/// The layout of help text: definition lists (an option or a command, then what it does) and
/// paragraphs wrapped to a width, as `flags --help` and `bibimbap --help` print them.
///
/// ```swift
/// HelpLayout.optionList([json.spec, output.spec], width: 80)
/// HelpLayout.definition("--json", "print JSON", labelWidth: 10, width: 80)
/// ```
public enum HelpLayout {
    /// Below this many columns beside a label, the text goes under it instead.
    public static let minimumTextRoom = 24

    /// Every option, its label (`-o, --output FILE`) in a column of at most `maximumLabelWidth`.
    public static func optionList(_ options: [OptionSpec], width: Int, maximumLabelWidth: Int = 22) -> String {
        let labelWidth = min(maximumLabelWidth, options.map(\.label.count).max() ?? 0)
        return options.map { definition($0.label, $0.summary, labelWidth: labelWidth, width: width) }.joined(separator: "\n")
    }

    /// `  label   text`, the text wrapped under itself; a label wider than `labelWidth` (or one
    /// that leaves the text too little room) puts the text on the next line.
    public static func definition(_ label: String, _ text: String, labelWidth: Int, width: Int) -> String {
        var indent = 2 + labelWidth + 2
        if width - indent < minimumTextRoom { indent = 6 }
        let body = text.wrapped(width: width, indent: indent)
        if label.count > labelWidth || indent == 6 { return "  \(label)\n" + body }
        return "  " + label + String(repeating: " ", count: max(0, labelWidth - label.count)) + "  " + body.dropFirst(indent)
    }
}
