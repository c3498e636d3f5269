import DebugMenu
import Testing

@Suite("ScreenLayout")
struct ScreenLayoutTests {
    private let size = Terminal.Size(rows: 24, columns: 100)

    private func frame(_ model: inout ScreenModel, glyphs: ScreenGlyphs = .unicode,
                       size: Terminal.Size? = nil) -> [DrawnLine] {
        let renderer = ScreenRenderer(layout: ScreenLayout(glyphs: glyphs, measure: .unicode))
        return renderer.frame(&model, header: MenuFixtures.header, size: size ?? self.size)
    }

    private func line(containing text: String, in lines: [DrawnLine]) -> DrawnLine? {
        lines.first { $0.text.contains(text) }
    }

    @Test func everyLineFillsTheWidthExactly() {
        for columns in [40, 41, 63, 80, 100, 200] {
            var model = ScreenModel(rows: MenuFixtures.small + [
                MenuFixtures.toggle("sushi", "寿司メニュー 🍣 with a very long title that must be cut somewhere"),
            ])
            let lines = frame(&model, size: Terminal.Size(rows: 20, columns: columns))
            #expect(lines.count == 20)
            for line in lines {
                #expect(TextMeasure.unicode.width(of: line.text) == columns, "\(columns): \(line.text)")
            }
        }
    }

    @Test func headerShowsAppChannelsCountsAndStore() {
        var model = ScreenModel(rows: MenuFixtures.small)
        let lines = frame(&model)
        #expect(lines[0].text.contains("bibimbap"))
        #expect(lines[0].text.contains("build developer"))
        #expect(lines[0].text.contains("previewing beta"))
        #expect(lines[0].contains(style: .header))
        #expect(lines[1].text.contains("3 flags"))
        #expect(lines[1].text.contains("1 overridden"))
        #expect(lines[1].text.contains("prefs.sqlite"))
    }

    @Test func sectionsAndRowsAreLaidOutInOrder() {
        var model = ScreenModel(rows: MenuFixtures.small)
        let texts = frame(&model).map(\.text)
        let order = ["Feature Flags (3)", "Bookmarks refactor", "Translation", "Zeta tabs",
                     "User Preferences (1)", "Search bar position", "Build only status (2)", "Build flags (1)"]
        var last = -1
        for title in order {
            let index = texts.firstIndex { $0.contains(title) } ?? -1
            #expect(index > last, "\(title)")
            last = index
        }
    }

    @Test func selectedRowShowsThePointerInReverse() {
        var model = ScreenModel(rows: MenuFixtures.small)
        let lines = frame(&model)
        let selected = line(containing: "Bookmarks refactor", in: lines)
        #expect(selected?.text.hasPrefix("▸ [ ]") == true)
        #expect(selected?.contains(style: .selected) == true)
        let other = line(containing: "Zeta tabs", in: lines)
        #expect(other?.text.hasPrefix("  [ ]") == true)
        #expect(other?.contains(style: .selected) == false)
    }

    @Test(arguments: [(ScreenGlyphs.unicode, "●", "✓"), (ScreenGlyphs.ascii, "*", "x")])
    func overriddenRowsCarryAMarkerThatSurvivesNoColor(_ glyphs: ScreenGlyphs, _ marker: String, _ on: String) {
        var model = ScreenModel(rows: MenuFixtures.small)
        let lines = frame(&model, glyphs: glyphs)
        let overridden = line(containing: "Translation ", in: lines)
        // The text alone says "overridden" (no color needed) ...
        #expect(overridden?.text.hasPrefix("  [\(on)] \(marker) Translation") == true)
        #expect(overridden?.text.contains("override (default: off)") == true)
        // ... and the marker is also painted in the accent color.
        #expect(overridden?.segments.contains { $0.text.contains(marker) && $0.style == .accent } == true)
        let plain = line(containing: "Zeta tabs", in: lines)
        #expect(plain?.text.contains(marker) == false)
    }

    @Test func readOnlyRowsAreDimmed() {
        var model = ScreenModel(rows: MenuFixtures.small)
        let lines = frame(&model)
        let readOnly = line(containing: "isDebug", in: lines)
        #expect(readOnly?.contains(style: .dim) == true)
        let printed = readOnly?.segments.filter { !$0.text.allSatisfy { $0 == " " } } ?? []
        #expect(!printed.isEmpty)
        #expect(printed.allSatisfy { $0.style == .dim })
        #expect(readOnly?.text.contains("true") == true)
    }

    @Test func footerListsTheMainKeys() {
        var model = ScreenModel(rows: MenuFixtures.small)
        let footer = frame(&model, size: Terminal.Size(rows: 24, columns: 136)).last?.text ?? ""
        for part in ["↑↓ move", "space toggle", "Enter details", "x remove override", "R reset all", "/ filter", "s save preset",
                     "p presets", "c channel", "? help", "q quit"] {
            #expect(footer.contains(part), "\(part)")
        }
        // Narrower: the least important keys are dropped whole, never cut; help stays.
        let medium = frame(&model, size: Terminal.Size(rows: 24, columns: 112)).last?.text ?? ""
        #expect(medium.contains("s save preset") && medium.contains("p presets") && medium.contains("q quit"), "\(medium)")
        #expect(!medium.contains("c channel") && !medium.contains("R reset"), "\(medium)")
        let narrow = frame(&model, size: Terminal.Size(rows: 24, columns: 40)).last?.text ?? ""
        #expect(narrow.contains("space toggle") && narrow.contains("? help"), "\(narrow)")
        #expect(!narrow.contains("p presets") && !narrow.contains("quit"), "\(narrow)")
        #expect(!narrow.contains("remove"), "never a cut key: \(narrow)")
    }

    @Test func presetPromptAndChooserAreDrawn() {
        var model = ScreenModel(rows: MenuFixtures.small)
        model.handle(.character("s"))
        for character in "smoke" { model.handle(.character(character)) }
        var lines = frame(&model)
        #expect(lines[lines.count - 2].text.hasPrefix(" Save preset as: smoke▏"), "\(lines[lines.count - 2].text)")
        #expect(lines.last?.text.contains("Enter save") == true && lines.last?.text.contains("Esc cancel") == true)
        model.handle(.escape)

        model.showPresetChooser(PresetChooser(items: [.init(name: "alpha", detail: "saved 5m ago"),
                                                      .init(name: "beta", detail: "saved just now")]))
        model.handle(.down)
        lines = frame(&model)
        #expect(lines[3].text.hasPrefix(" Presets (2)"), "\(lines[3].text)")
        #expect(lines[4].text.contains("  alpha") && lines[4].text.contains("saved 5m ago") && !lines[4].text.contains("▸"))
        #expect(lines[5].text.contains("▸ beta"), "\(lines[5].text)")
        #expect(lines[5].segments.contains { $0.style == .selected })
        #expect(!lines.contains { $0.text.contains("Bookmarks refactor") }, "the chooser covers the rows")
        #expect(lines.last?.text.contains("Enter apply") == true)

        model.handle(.escape)
        model.showPresetChooser(PresetChooser(items: []))
        lines = frame(&model, glyphs: .ascii)
        #expect(lines.contains { $0.text.contains("no presets yet - press s to save one") })
    }

    @Test func experimentsStatusIsInTheHeader() {
        var model = ScreenModel(rows: MenuFixtures.small)
        var header = MenuFixtures.header
        header.experimentsStatus = "experiments: cached 3m ago — server unreachable"
        let lines = ScreenRenderer(layout: ScreenLayout(glyphs: .unicode, measure: .unicode)).frame(&model, header: header, size: size)
        #expect(lines[1].text.contains("experiments: cached 3m ago — server unreachable · store "), "\(lines[1].text)")
        #expect(lines[1].segments.contains { $0.style == .accent && $0.text.contains("experiments") })
    }

    @Test func confirmationPromptShowsOnTheStatusLine() {
        var model = ScreenModel(rows: MenuFixtures.small)
        model.handle(.character("R"))
        let lines = frame(&model)
        let status = lines[lines.count - 2]
        #expect(status.text.contains("Reset all 1 override? y/n"))
        #expect(status.contains(style: .error))
        #expect(lines.last?.text.contains("y yes") == true)
    }

    @Test func filterEditingShowsTheTextAndMatchCount() {
        var model = ScreenModel(rows: MenuFixtures.small)
        model.handle(.character("/"))
        for character in "zeta" { model.handle(.character(character)) }
        let lines = frame(&model)
        let status = lines[lines.count - 2].text
        #expect(status.contains("/zeta▏"))
        #expect(status.contains("1 of 7 rows"))
        #expect(line(containing: "Bookmarks refactor", in: lines) == nil)
        model.handle(.enter)
        let kept = frame(&model)
        #expect(kept[kept.count - 2].text.contains("filter \u{201C}zeta\u{201D}"))
    }

    @Test func emptyFilterResultSaysSo() {
        var model = ScreenModel(rows: MenuFixtures.small)
        model.setFilter("nothing here")
        let lines = frame(&model)
        #expect(line(containing: "No rows match \u{201C}nothing here\u{201D}", in: lines) != nil)
    }

    @Test func helpReplacesTheRows() {
        var model = ScreenModel(rows: MenuFixtures.small)
        model.handle(.character("?"))
        let lines = frame(&model)
        #expect(line(containing: "reset all overrides", in: lines) != nil)
        #expect(line(containing: "Zeta tabs", in: lines) == nil)
        #expect(lines.last?.text.contains("? close help") == true)
    }

    @Test func scrolledFrameShowsTheSelectedRow() {
        var model = ScreenModel(rows: MenuFixtures.many(500))
        let small = Terminal.Size(rows: 12, columns: 60)
        _ = frame(&model, size: small)
        for _ in 0 ..< 250 { model.handle(.down) }
        let lines = frame(&model, size: small)
        #expect(lines.count == 12)
        let selected = line(containing: "Flag 250 ", in: lines)
        #expect(selected?.text.hasPrefix("▸") == true)
        #expect(lines[lines.count - 2].text.contains("251/500"))
    }

    @Test(arguments: [(39, 24), (80, 7), (10, 3), (1, 1)])
    func tooSmallShowsOnlyAMessage(_ columns: Int, _ rows: Int) {
        var model = ScreenModel(rows: MenuFixtures.small)
        let lines = frame(&model, size: Terminal.Size(rows: rows, columns: columns))
        #expect(lines.count == rows)
        for line in lines { #expect(TextMeasure.unicode.width(of: line.text) == columns) }
        let shown = lines.map { $0.text.trimmingCharacters(in: " ") }.filter { !$0.isEmpty }.joined(separator: " ")
        let expected = "Terminal too small (\(columns)x\(rows)); need at least 40x8"
        #expect(!shown.isEmpty)
        if columns >= 26 && rows >= 2 {
            #expect(shown == expected)
        } else {
            let parts = ["Terminal too small (\(columns)x\(rows));", "need at least 40x8", expected]
            // A part cut at the edge ends in an ellipsis.
            for line in lines.map({ $0.text.trimmingCharacters(in: " ") }) where !line.isEmpty {
                let kept = line.hasSuffix("\u{2026}") ? String(line.dropLast()) : line
                #expect(parts.contains { $0.hasPrefix(kept) }, "\(line)")
            }
        }
        #expect(line(containing: "Bookmarks", in: lines) == nil)
    }

    @Test func zeroSizedTerminalDrawsNothing() {
        var model = ScreenModel(rows: MenuFixtures.small)
        #expect(frame(&model, size: Terminal.Size(rows: 0, columns: 0)).isEmpty)
        #expect(frame(&model, size: Terminal.Size(rows: 5, columns: 0)).isEmpty)
    }

    @Test func minimumSizeIsDrawnNormally() {
        var model = ScreenModel(rows: MenuFixtures.small)
        let lines = frame(&model, size: ScreenLayout.minimumSize)
        #expect(lines.count == 8)
        #expect(line(containing: "Terminal too small", in: lines) == nil)
        #expect(model.viewportHeight == 3)
    }
}

private extension String {
    func trimmingCharacters(in set: Character) -> String {
        var result = Substring(self)
        while result.first == set { result.removeFirst() }
        while result.last == set { result.removeLast() }
        return String(result)
    }
}
