import DebugMenu
import Testing

/// The detail pane as the screen model holds it: opening and closing, moving among the feature's
/// variables and scrolling past the text between them, and what Enter, `x` and `y` ask for.
@Suite("DetailPane")
struct DetailPaneTests {
    /// A menu on the fixture rows with the second row selected and a 100-line pane open on it
    /// (a viewport of 20 lines: 19 for the pane below its title).
    private func openPane(lines: Int = 100, refusal: String? = nil) -> ScreenModel {
        var model = MenuFixtures.model()
        model.handle(.down)
        var pane = MenuFixtures.detailPane(lines: lines)
        pane.editingRefusal = refusal
        model.showDetail(pane)
        return model
    }

    @Test func enterOpensThePaneAndEscOrIReturnsToTheSameRow() {
        var model = MenuFixtures.model()
        model.handle(.down)
        #expect(model.handle(.enter) == .showDetail(rowID: "translation"))
        model.showDetail(MenuFixtures.detailPane(lines: 12))
        #expect(model.keyMode == .detail)
        #expect(model.detailPane?.selectedVariable?.name == "v5", "the first variable on screen is selected")
        model.handle(.escape)
        #expect(model.keyMode == .rows && model.selectedRow?.id == "translation")
        model.showDetail(MenuFixtures.detailPane(lines: 12))
        model.handle(.character("i"))
        #expect(model.detailPane == nil && model.selectedRow?.id == "translation")
    }

    @Test func downSelectsTheNextVariableOnScreenElseScrolls() {
        var model = openPane()
        #expect(model.detailPane?.selection == 5 && model.detailPane?.scrollOffset == 0)
        model.handle(.down)
        #expect(model.detailPane?.selection == 15, "v15 is on screen (lines 0-18)")
        model.handle(.character("j"))
        #expect(model.detailPane?.selection == 15 && model.detailPane?.scrollOffset == 1, "v25 is below: one line of scroll")
        for _ in 0 ..< 7 { model.handle(.down) }
        #expect(model.detailPane?.selection == 25, "v25 came into view and was selected: \(String(describing: model.detailPane))")
        model.handle(.up)
        #expect(model.detailPane?.selection == 15)
    }

    @Test func pageKeysAndGJumpThroughLongContent() {
        var model = openPane()
        model.handle(.character("G"))
        #expect(model.detailPane?.scrollOffset == 81 && model.detailPane?.selection == 95)
        model.handle(.pageUp)
        #expect(model.detailPane?.scrollOffset == 62)
        #expect(model.detailPane?.selection == nil, "the selection scrolled off the screen")
        model.handle(.character("g"))
        #expect(model.detailPane?.scrollOffset == 0 && model.detailPane?.selection == 5)
        model.handle(.pageDown)
        model.handle(.pageDown)
        model.handle(.pageDown)
        model.handle(.pageDown)
        model.handle(.pageDown)
        #expect(model.detailPane?.scrollOffset == 81, "never past the last screenful")
        // A pane shorter than the screen does not scroll.
        var short = openPane(lines: 12)
        short.handle(.pageDown)
        #expect(short.detailPane?.scrollOffset == 0)
    }

    @Test func enterEditsTheSelectedVariableByItsType() {
        var model = openPane()
        // v5 is a Boolean now on: Enter stores off.
        #expect(model.handle(.enter) == .setFeatureValue(feature: "translations-feature", variable: "v5", text: "false"))
        // v15 is an enum on its first variant: Enter stores the next.
        model.handle(.down)
        #expect(model.handle(.enter) == .setFeatureValue(feature: "translations-feature", variable: "v15", text: "bottom"))
        // v25 is an Int: a prompt holding its value; typing edits it, Enter stores the text.
        for _ in 0 ..< 8 { model.handle(.down) }
        #expect(model.detailPane?.selectedVariable?.name == "v25")
        #expect(model.handle(.enter) == nil)
        #expect(model.prompt == TextPrompt(purpose: .featureValue(feature: "translations-feature", variable: "v25", typeName: "Int"), text: "3"))
        #expect(model.prompt?.label == "translations-feature.v25 (Int): ")
        model.handle(.backspace)
        model.type("42")
        #expect(model.handle(.enter) == .setFeatureValue(feature: "translations-feature", variable: "v25", text: "42"))
        #expect(model.keyMode == .detail, "the pane stays open after the prompt")
        // Esc at the prompt stores nothing and says so.
        model.handle(.enter)
        #expect(model.handle(.escape) == nil)
        #expect(model.message?.contains("nothing stored") == true)
        #expect(model.keyMode == .detail)
    }

    @Test func aValuePromptTakesLongValuesAndShowsTheirEnd() {
        var model = openPane()
        for _ in 0 ..< 20 { model.handle(.down) }
        #expect(model.detailPane?.selectedVariable?.editor == .json("[]"))
        model.handle(.enter)
        let long = "[" + (0 ..< 400).map { "\"item\($0)\"" }.joined(separator: ",") + "]"
        #expect(long.count > TextPrompt.maximumLength)
        model.type(long)
        #expect(model.prompt?.text == long, "the value the prompt opened with is replaced by what is typed")
        let layout = ScreenLayout(glyphs: .unicode, measure: .unicode)
        let status = layout.lines(for: model, header: MenuFixtures.header, size: Terminal.Size(rows: 25, columns: 80)).dropLast().last?.text ?? ""
        #expect(status.contains("…") && status.contains("item399"), "the end of a long value shows: \(status)")
        // A preset name keeps its shorter limit.
        #expect(TextPrompt(purpose: .presetName).limit == TextPrompt.maximumLength)
    }

    @Test func xRemovesAnOverrideOnlyWhereThereIsOneAndYCopiesTheID() {
        var model = openPane()
        #expect(model.handle(.character("x")) == nil)
        #expect(model.message == "translations-feature.v5 has no feature override.")
        for _ in 0 ..< 20 { model.handle(.down) }
        #expect(model.detailPane?.selectedVariable?.name == "v35")
        #expect(model.handle(.character("x")) == .removeFeatureValue(feature: "translations-feature", variable: "v35"))
        #expect(model.handle(.character("y")) == .copy(text: "translation"))
        #expect(model.handle(.character("u")) == .undo)
    }

    @Test func aReleasePreviewRefusesEditsWithTheReason() {
        var model = openPane(refusal: "the release preview honors no override")
        #expect(model.handle(.enter) == nil)
        #expect(model.message == "Not stored: the release preview honors no override")
        for _ in 0 ..< 20 { model.handle(.down) }
        #expect(model.handle(.character("x")) == nil)
        #expect(model.message?.hasPrefix("Not changed: the release preview") == true)
        #expect(model.handle(.character("y")) == .copy(text: "translation"), "copying is no edit")
    }

    @Test func newLinesKeepTheSelectedVariableAndTheScroll() {
        var model = openPane()
        for _ in 0 ..< 12 { model.handle(.down) }
        let before = model.detailPane
        #expect(before?.selectedVariable?.name == "v25")
        // The same variables one line lower (a line was added above them).
        let shifted = [DetailPane.Line([("new", .normal)])] + (before?.lines ?? [])
        model.refreshDetail(lines: shifted, title: "Translation", editingRefusal: nil)
        #expect(model.detailPane?.selectedVariable?.name == "v25")
        #expect(model.detailPane?.selection == 26 && model.detailPane?.scrollOffset == before?.scrollOffset)
    }

    @Test func theLayoutDrawsTheTitleThePointerAndFullWidthLines() {
        var model = openPane()
        let layout = ScreenLayout(glyphs: .ascii, measure: .unicode)
        let lines = layout.lines(for: model, header: MenuFixtures.header, size: Terminal.Size(rows: 25, columns: 60))
        #expect(lines.count == 25 && lines.allSatisfy { $0.text.count == 60 })
        let content = lines[ScreenLayout.headerHeight...].map(\.text)
        #expect(content.first?.hasPrefix(" Translation") == true && content.first?.contains("Esc returns") == true)
        let selected = lines.first { $0.text.hasPrefix("> ") }
        #expect(selected?.text.contains("\"v5\"") == true)
        #expect(selected?.segments.allSatisfy { $0.style == .selected || $0.style == .selectedAccent } == true)
        #expect(lines.last?.text.contains("Enter edit") == true && lines.last?.text.contains("Esc back") == true)
        model.handle(.escape)
        let rows = layout.lines(for: model, header: MenuFixtures.header, size: Terminal.Size(rows: 25, columns: 60))
        #expect(!rows.contains { $0.text.contains("Esc returns") })
    }

    @Test func controlCharactersInPaneTextAreNeverDrawn() {
        var model = MenuFixtures.model()
        model.showDetail(DetailPane(rowID: "flag:x", title: "evil\u{1B}[2J", copyText: "x",
                                    lines: [DetailPane.Line([("a\u{07}b\u{202E}c", .normal)])]))
        let lines = ScreenLayout(glyphs: .unicode, measure: .unicode).lines(for: model, header: MenuFixtures.header,
                                                                            size: Terminal.Size(rows: 20, columns: 60))
        let text = lines.map(\.text).joined()
        #expect(!text.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 || $0.value == 0x202E })
        #expect(text.contains("evil?[2J") && text.contains("a?b?c"))
    }
}
