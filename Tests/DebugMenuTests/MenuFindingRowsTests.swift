import DebugMenu
import Testing

/// Finding rows in a big menu, on the screen model alone: the fuzzy filter (best first, matched
/// letters highlighted, the source column searched), overridden rows only, the selected row's
/// id, collapsed sections, the sticky section title and a pasted filter.
@Suite("Finding rows")
struct MenuFindingRowsTests {
    static let rows: [MenuRow] = [
        MenuFixtures.toggle("adBlocker", "Ad Blocker", status: "Block ads in web pages"),
        MenuRow(id: "flag:tipJar", section: .featureFlags,
                kind: .toggle(isOn: true, isOverridden: false, sourceText: "experiment tip-jar-test/treatment", hiddenValueText: nil),
                title: "Tip Jar", statusText: "Ask for a tip after checkout"),
        MenuFixtures.toggle("tabTray", "Tab Tray", status: "The new tab tray"),
        MenuFixtures.toggle("translation", "Translation", on: true, overridden: true, status: "Translate pages"),
        MenuRow(id: "searchBar", section: .userPreferences, kind: .choice(value: "top", variants: ["top", "bottom"]),
                title: "Search bar position"),
    ] + (0 ..< 40).map { index in
        MenuRow(id: "status:flag\(index)", section: .buildOnlyStatus, kind: .readOnly(valueText: "off · default"),
                title: "flag\(index)", statusText: "Flag \(index)")
    }

    func model(height: Int = 20) -> ScreenModel { MenuFixtures.model(Self.rows, height: height) }

    func typing(_ text: String, into model: inout ScreenModel) {
        for character in text { model.handle(.character(character)) }
    }

    func frame(_ model: inout ScreenModel, rows: Int = 24, columns: Int = 100) -> [DrawnLine] {
        ScreenRenderer(layout: ScreenLayout(glyphs: .ascii, measure: .unicode))
            .frame(&model, header: MenuFixtures.header, size: Terminal.Size(rows: rows, columns: columns))
    }

    func visibleIDs(_ model: ScreenModel) -> [String] {
        (0 ..< model.visibleRowCount).map { model.visibleRow(at: $0).id }
    }

    @Test func lettersInOrderFindARowAndTheBestMatchComesFirst() {
        var model = model()
        model.handle(.character("/"))
        typing("tj", into: &model)
        #expect(visibleIDs(model).first == "flag:tipJar", "\(visibleIDs(model))")
        model.setFilter("tab")
        // "Tab Tray" (consecutive, at a word start) before "Ad Blocker" (t…a…b spread).
        let ids = visibleIDs(model)
        #expect(ids.first == "tabTray", "\(ids)")
        if let adBlocker = ids.firstIndex(of: "adBlocker") { #expect(adBlocker > 0) }
    }

    @Test func theMatchedLettersAreHighlighted() throws {
        var model = model()
        model.setFilter("tj")
        let lines = frame(&model)
        let row = try #require(lines.first { $0.text.contains("Tip Jar") })
        let matched = row.segments.filter { $0.style == .match || $0.style == .selectedMatch }.map(\.text)
        #expect(matched == ["T", "J"], "\(row.segments)")
        // Without a filter nothing is highlighted.
        model.setFilter("")
        #expect(!frame(&model).contains { $0.segments.contains { $0.style == .match || $0.style == .selectedMatch } })
    }

    @Test func theSourceColumnIsSearchedToo() {
        var model = model()
        model.setFilter("override")
        #expect(visibleIDs(model) == ["translation"])
        model.setFilter("tip-jar-test")
        #expect(visibleIDs(model) == ["flag:tipJar"])
        model.setFilter("experiment")
        #expect(visibleIDs(model).first == "flag:tipJar")
    }

    @Test func oShowsOnlyOverriddenRowsAndTheHeaderSaysSo() {
        var model = model()
        model.handle(.character("o"))
        #expect(model.showsOverriddenOnly)
        #expect(visibleIDs(model) == ["translation"])
        let header = frame(&model)[1].text
        #expect(header.contains("overridden only"), "\(header)")
        model.handle(.character("o"))
        #expect(model.visibleRowCount == Self.rows.count)
        #expect(!frame(&model)[1].text.contains("overridden only"))
        let help = MenuKeyBindings.rows.first { $0.keys.contains { $0.trigger == .key(.character("o")) } }
        #expect(help?.helpText.contains("only overridden rows") == true)
    }

    @Test func theSelectedRowsIdIsOnTheStatusLine() {
        var model = model()
        model.handle(.down)
        let status = frame(&model)[24 - 2].text
        #expect(status.contains("id tipJar"), "\(status)")
    }

    @Test func zCollapsesASectionAndEnterOpensIt() {
        var model = model()
        model.handle(.character("G"))                         // a Build only status row
        #expect(model.selectedRow?.section == .buildOnlyStatus)
        model.handle(.character("z"))
        #expect(model.collapsedSections == [.buildOnlyStatus])
        #expect(model.isSelectionOnCollapsedSection)
        #expect(model.visibleRowCount == 5 + 1, "the section's rows are hidden; its title is one position")
        let text = frame(&model).map(\.text).joined(separator: "\n")
        #expect(text.contains("> Build only status (40) collapsed, z opens"), "\(text)")
        #expect(!text.contains("flag3"))
        #expect(model.handle(.character("x")) == nil, "x on a collapsed title does nothing")
        model.handle(.enter)
        #expect(model.collapsedSections.isEmpty)
        #expect(model.selectedRow?.id == "status:flag0")
        model.handle(.left)
        #expect(model.collapsedSections == [.buildOnlyStatus])
        model.handle(.right)
        #expect(model.collapsedSections.isEmpty)
    }

    @Test func aFilterShowsTheMatchesOfACollapsedSection() {
        var model = model()
        model.setCollapsedSections([.buildOnlyStatus])
        model.setFilter("flag39")
        #expect(visibleIDs(model) == ["status:flag39"])
        model.setFilter("")
        #expect(model.visibleRowCount == 5 + 1, "the section is collapsed again")
    }

    @Test func theSectionTitleStaysOnScreenWhileItsRowsScroll() {
        var model = model(height: 10)
        model.handle(.character("G"))
        let lines = frame(&model, rows: 15)
        let first = lines[ScreenLayout.headerHeight].text
        #expect(first.hasPrefix(" Build only status (40)"), "\(first)")
        #expect(lines.contains { $0.text.contains("> ") && $0.text.contains("flag39") }, "the selection is not under the title")
        // Moving up row by row never puts the selection under the sticky title.
        for _ in 0 ..< 40 {
            model.handle(.up)
            let drawn = frame(&model, rows: 15)
            #expect(!drawn[ScreenLayout.headerHeight].text.hasPrefix("> "), "\(drawn.map(\.text))")
        }
    }

    @Test func aPastedFilterIsAppliedAtOnce() {
        var model = model()
        model.handle(.character("/"))
        let paste = String(repeating: "k", count: 3_000)
        model.type(paste)
        #expect(model.filter == paste)
        #expect(model.visibleRowCount == 0)
        let status = frame(&model)[24 - 2].text
        #expect(status.contains("3000 characters"), "\(status)")
        model.handle(.escape)
        #expect(model.filter.isEmpty)
    }
}
