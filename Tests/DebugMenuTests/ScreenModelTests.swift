import DebugMenu
import Testing

@Suite("ScreenModel")
struct ScreenModelTests {
    private func typing(_ text: String, into model: inout ScreenModel) {
        for character in text { model.handle(.character(character)) }
    }

    private func isSelectionVisible(_ model: ScreenModel) -> Bool {
        guard let line = model.selectedLine else { return false }
        return model.visibleLineRange.contains(line)
    }

    // MARK: - Toggling and actions

    @Test func spaceTogglesTheSelectedFlagAndEnterOrIOpensItsDetails() {
        var model = MenuFixtures.model()
        #expect(model.selectedRow?.id == "bookmarks")
        #expect(model.handle(.character(" ")) == .toggle(rowID: "bookmarks"))
        model.handle(.down)
        #expect(model.handle(.enter) == .showDetail(rowID: "translation"))
        #expect(model.handle(.character("i")) == .showDetail(rowID: "translation"))
    }

    @Test func choiceRowsCycleAndReadOnlyRowsExplain() {
        var model = MenuFixtures.model()
        model.handle(.tab)
        #expect(model.selectedRow?.id == "searchBarPosition")
        #expect(model.handle(.character(" ")) == .cycle(rowID: "searchBarPosition"))
        model.handle(.tab)
        #expect(model.selectedRow?.id == "status.bookmarks")
        #expect(model.handle(.character(" ")) == nil)
        #expect(model.message?.contains("read-only") == true)
        #expect(model.handle(.enter) == .showDetail(rowID: "status.bookmarks"), "a read-only row has details too")
        #expect(model.message == nil, "any key clears the message")
    }

    @Test func xRemovesAnOverrideOnlyWhereThereIsOne() {
        var model = MenuFixtures.model()
        #expect(model.handle(.character("x")) == nil)
        #expect(model.message?.contains("no override") == true)
        model.handle(.character("j"))
        #expect(model.handle(.character("x")) == .removeOverride(rowID: "translation"))
    }

    @Test func simpleKeysReturnTheirActions() {
        var model = MenuFixtures.model()
        #expect(model.handle(.character("c")) == .cycleChannel)
        #expect(model.handle(.character("q")) == .quit)
        #expect(model.handle(.terminationSignal(15)) == .quit)
        #expect(model.handle(.timeout) == nil)
        #expect(model.handle(.resize) == nil)
    }

    // MARK: - Presets

    @Test func sAsksForANameThatEnterSavesAndEscCancels() {
        var model = MenuFixtures.model()
        #expect(model.handle(.character("s")) == nil)
        #expect(model.prompt == TextPrompt(purpose: .presetName))
        typing("smoke-1x", into: &model)
        model.handle(.backspace)
        #expect(model.prompt?.text == "smoke-1")
        #expect(model.handle(.character("j")) == nil, "letters are typed, not keys")
        #expect(model.handle(.down) == nil)
        #expect(model.selectedRow?.id == "bookmarks", "nothing moved while typing")
        model.handle(.character("\u{1}"))
        #expect(model.handle(.enter) == .savePreset(name: "smoke-1j"))
        #expect(model.prompt == nil)

        model.handle(.character("s"))
        typing("nope", into: &model)
        #expect(model.handle(.escape) == nil)
        #expect(model.prompt == nil)
        #expect(model.message == "Save cancelled.")
        #expect(model.handle(.character("q")) == .quit, "keys work again")
    }

    @Test func aPastedNameIsCapped() {
        var model = MenuFixtures.model()
        model.handle(.character("s"))
        typing(String(repeating: "a", count: TextPrompt.maximumLength + 50), into: &model)
        #expect(model.prompt?.text.count == TextPrompt.maximumLength)
    }

    @Test func pAsksForTheChooserWhichMovesAppliesAndCancels() {
        var model = MenuFixtures.model()
        #expect(model.handle(.character("p")) == .choosePreset)
        model.showPresetChooser(PresetChooser(items: ["a", "b", "c"].map { .init(name: $0, detail: "") }))
        #expect(model.presetChooser?.selectedItem?.name == "a")
        model.handle(.character("j"))
        model.handle(.down)
        model.handle(.down)
        #expect(model.presetChooser?.selectedItem?.name == "c", "stops at the end")
        model.handle(.character("k"))
        #expect(model.selectedRow?.id == "bookmarks", "the rows did not move")
        #expect(model.handle(.enter) == .applyPreset(name: "b"))
        #expect(model.presetChooser == nil)

        model.showPresetChooser(PresetChooser(items: [.init(name: "a", detail: "")]))
        #expect(model.handle(.character(" ")) == nil, "no toggle under the chooser")
        #expect(model.handle(.escape) == nil)
        #expect(model.presetChooser == nil)
        #expect(model.handle(.character(" ")) == .toggle(rowID: "bookmarks"))
    }

    @Test func anEmptyChooserClosesAndSOffersToSave() {
        var model = MenuFixtures.model()
        model.showPresetChooser(PresetChooser(items: []))
        #expect(model.handle(.enter) == nil)
        #expect(model.presetChooser == nil)
        model.showPresetChooser(PresetChooser(items: []))
        model.handle(.character("s"))
        #expect(model.presetChooser == nil)
        #expect(model.prompt?.purpose == .presetName)
    }

    // MARK: - Reset all

    @Test func resetAllAsksFirstAndYConfirms() {
        var model = MenuFixtures.model()
        #expect(model.handle(.character("R")) == nil)
        #expect(model.pendingConfirmation == .resetAll(overrideCount: 1))
        #expect(model.pendingConfirmation?.prompt == "Reset all 1 override? y/n")
        #expect(model.handle(.down) == nil)  // other keys wait for an answer
        #expect(model.selectedRow?.id == "bookmarks")
        #expect(model.handle(.character("y")) == .resetAll)
        #expect(model.pendingConfirmation == nil)
    }

    @Test(arguments: [KeyEvent.character("n"), .escape])
    func resetAllIsCancelledByNOrEscape(_ key: KeyEvent) {
        var model = MenuFixtures.model()
        model.handle(.character("R"))
        #expect(model.handle(key) == nil)
        #expect(model.pendingConfirmation == nil)
        #expect(model.message == "Reset cancelled.")
        #expect(model.handle(.character("y")) == nil)  // a late "y" does nothing
    }

    @Test func resetAllWithoutOverridesSaysSo() {
        var model = MenuFixtures.model([MenuFixtures.toggle("a", "A")])
        model.handle(.character("R"))
        #expect(model.pendingConfirmation == nil)
        #expect(model.message == "No overrides to reset.")
    }

    // MARK: - Filter

    @Test func filterNarrowsAsYouTypeAndEnterKeepsIt() {
        var model = MenuFixtures.model()
        model.handle(.character("/"))
        #expect(model.isEditingFilter)
        typing("TRANS", into: &model)
        #expect(model.filter == "TRANS")
        #expect(model.visibleRowCount == 2)  // the flag and its build-only status
        model.handle(.backspace)
        #expect(model.filter == "TRAN")
        model.handle(.enter)
        #expect(!model.isEditingFilter)
        #expect(model.filter == "TRAN")
        #expect(model.visibleRowCount == 2)
        // Out of editing, letters are keys again.
        #expect(model.handle(.character("q")) == .quit)
    }

    @Test func filterMatchesIdTitleAndStatusIgnoringCase() {
        var model = MenuFixtures.model()
        model.setFilter("searchbar")      // id
        #expect(model.visibleRowCount == 1)
        model.setFilter("zeta TABS")      // title
        #expect(model.visibleRowCount == 1)
        model.setFilter("experimental")   // status text
        #expect(model.selectedRow?.id == "zeta")
        model.setFilter("no such thing")
        #expect(model.visibleRowCount == 0)
        #expect(model.selectedRow == nil)
        #expect(model.handle(.character(" ")) == nil)
    }

    @Test func escapeClearsTheFilterWhileEditingAndAfter() {
        var model = MenuFixtures.model()
        model.handle(.character("/"))
        typing("zeta", into: &model)
        model.handle(.escape)
        #expect(model.filter.isEmpty)
        #expect(!model.isEditingFilter)
        #expect(model.visibleRowCount == MenuFixtures.small.count)

        model.handle(.character("/"))
        typing("zeta", into: &model)
        model.handle(.enter)
        model.handle(.escape)
        #expect(model.filter.isEmpty)
    }

    @Test func filterKeepsTheSelectedRowAndComesBackToIt() {
        var model = MenuFixtures.model()
        model.handle(.down)
        model.handle(.down)
        #expect(model.selectedRow?.id == "zeta")
        model.handle(.character("/"))
        typing("ta", into: &model)         // fuzzy: "zeta", "Translation" and the two "status." rows
        #expect(model.visibleRowCount == 4)
        #expect(model.selectedRow?.id == "zeta")
        typing("b", into: &model)           // "tab": "Zeta tabs" and "status.bookmarks"
        #expect(model.visibleRowCount == 2)
        #expect(model.selectedRow?.id == "zeta")
        for _ in 0 ..< 3 { model.handle(.backspace) }
        typing("bookm", into: &model)      // zeta hidden: first match selected
        #expect(model.selectedRow?.id == "bookmarks")
        model.handle(.escape)               // cleared: back on the row the user chose
        #expect(model.selectedRow?.id == "zeta")
    }

    @Test func arrowsMoveWhileTheFilterIsEdited() {
        var model = MenuFixtures.model()
        model.handle(.character("/"))
        typing("r", into: &model)
        let first = model.selectedRow?.id
        model.handle(.down)
        #expect(model.selectedRow?.id != first)
        #expect(model.isEditingFilter)
        typing("j", into: &model)  // typed, not a move
        #expect(model.filter == "rj")
    }

    // MARK: - Movement and scrolling

    @Test func arrowsAndJKMoveAndStopAtTheEnds() {
        var model = MenuFixtures.model()
        model.handle(.up)
        #expect(model.selection == 0)
        model.handle(.character("j"))
        model.handle(.down)
        #expect(model.selection == 2)
        model.handle(.character("k"))
        #expect(model.selection == 1)
        model.handle(.character("G"))
        #expect(model.selection == MenuFixtures.small.count - 1)
        model.handle(.down)
        #expect(model.selection == MenuFixtures.small.count - 1)
        model.handle(.character("g"))
        #expect(model.selection == 0)
        #expect(model.scrollOffset == 0)
    }

    @Test func movingPastAScreenfulKeepsTheSelectionVisible() {
        var model = MenuFixtures.model(MenuFixtures.many(200), height: 10)
        for _ in 0 ..< 35 {
            model.handle(.down)
            #expect(isSelectionVisible(model))
        }
        #expect(model.selection == 35)
        #expect(model.scrollOffset > 0)
        for _ in 0 ..< 30 {
            model.handle(.character("k"))
            #expect(isSelectionVisible(model))
        }
        model.handle(.pageDown)
        #expect(model.selection ?? 0 > 5)
        #expect(isSelectionVisible(model))
        model.handle(.pageUp)
        #expect(isSelectionVisible(model))
        model.handle(.end)
        #expect(model.selection == 199)
        #expect(model.scrollOffset == model.maximumScrollOffset)
        #expect(isSelectionVisible(model))
        model.handle(.home)
        #expect(model.selection == 0)
        #expect(model.scrollOffset == 0)
    }

    @Test func pageDownThenPageUpRoundTrips() {
        var model = MenuFixtures.model(MenuFixtures.many(100), height: 10)
        model.handle(.pageDown)
        model.handle(.pageDown)
        let afterTwo = model.selection ?? 0
        #expect(afterTwo >= 16)
        model.handle(.pageUp)
        model.handle(.pageUp)
        #expect(model.selection == 0)
    }

    @Test func resizingKeepsTheSelectionVisible() {
        var model = MenuFixtures.model(MenuFixtures.many(100), height: 40)
        for _ in 0 ..< 30 { model.handle(.down) }
        #expect(model.scrollOffset == 0)
        model.setViewport(top: 3, height: 5)
        #expect(model.viewportHeight == 5)
        #expect(isSelectionVisible(model))
        model.setViewport(top: 3, height: 1)
        #expect(isSelectionVisible(model))
        model.setViewport(top: 3, height: 500)
        #expect(model.scrollOffset == 0)
        #expect(model.selection == 30)
    }

    @Test func shrinkingToOneLineAndBackShowsTheSameLines() {
        var model = MenuFixtures.model(MenuFixtures.many(100), height: 25)
        for _ in 0 ..< 40 { model.handle(.down) }
        let before = model.visibleLineRange
        for height in [1, 7, 1, 3, 24, 1] { model.setViewport(top: 3, height: height) }
        #expect(isSelectionVisible(model))
        model.setViewport(top: 3, height: 25)
        #expect(model.visibleLineRange == before)
        #expect(model.selection == 40)
    }

    @Test func mouseWheelScrollsAndPullsTheSelectionAlong() {
        var model = MenuFixtures.model(MenuFixtures.many(100), height: 10)
        for _ in 0 ..< 5 { model.handle(.mouse(row: 5, column: 1, kind: .wheelDown)) }
        #expect(model.scrollOffset == 15)
        #expect(isSelectionVisible(model))
        model.handle(.mouse(row: 5, column: 1, kind: .wheelUp))
        #expect(model.scrollOffset == 12)
        #expect(isSelectionVisible(model))
    }

    @Test func mouseClickSelectsAndToggles() {
        var model = MenuFixtures.model()
        // Content starts at screen row 3: title "Feature Flags" at 3, rows at 4, 5, 6.
        #expect(model.handle(.mouse(row: 5, column: 10, kind: .click)) == .toggle(rowID: "translation"))
        #expect(model.selectedRow?.id == "translation")
        #expect(model.handle(.mouse(row: 3, column: 10, kind: .click)) == nil)  // a section title
        #expect(model.handle(.mouse(row: 0, column: 10, kind: .click)) == nil)  // the header
        #expect(model.selectedRow?.id == "translation")
    }

    @Test func tabJumpsBetweenSectionsBothWays() {
        var model = MenuFixtures.model()
        model.handle(.tab)
        #expect(model.selectedRow?.section == .userPreferences)
        model.handle(.tab)
        #expect(model.selectedRow?.id == "status.bookmarks")
        model.handle(.tab)
        #expect(model.selectedRow?.section == .buildFlags)
        model.handle(.tab)  // wraps
        #expect(model.selectedRow?.id == "bookmarks")
        model.handle(.backTab)
        #expect(model.selectedRow?.section == .buildFlags)
        model.handle(.backTab)
        #expect(model.selectedRow?.id == "status.bookmarks")
    }

    @Test func sectionJumpInALongListScrollsTheTitleIntoView() {
        var rows = MenuFixtures.many(300)
        rows.append(MenuRow(id: "isDebug", section: .buildFlags, kind: .readOnly(valueText: "true"), title: "isDebug"))
        var model = MenuFixtures.model(rows, height: 10)
        model.handle(.tab)
        #expect(model.selectedRow?.id == "isDebug")
        #expect(isSelectionVisible(model))
        if let line = model.selectedLine {
            #expect(model.contentLine(at: line - 1) == .sectionTitle(.buildFlags, rowCount: 1))
            #expect(model.visibleLineRange.contains(line - 1))
        }
    }

    // MARK: - Rows replaced

    @Test func updatingRowsKeepsTheSelectionOnTheSameRow() {
        var model = MenuFixtures.model()
        model.handle(.down)
        model.handle(.down)
        #expect(model.selectedRow?.id == "zeta")
        var rows = MenuFixtures.small
        rows.insert(MenuFixtures.toggle("alpha", "Alpha"), at: 0)
        rows.insert(MenuFixtures.toggle("beta", "Beta"), at: 0)
        model.update(rows: rows)
        #expect(model.selectedRow?.id == "zeta")
        #expect(model.selection == 4)
    }

    @Test func updatingRowsWhenTheSelectedRowIsGoneStaysInPlace() {
        var model = MenuFixtures.model()
        model.handle(.down)
        model.update(rows: MenuFixtures.small.filter { $0.id != "translation" })
        #expect(model.selection == 1)
        #expect(model.selectedRow?.id == "zeta")
        model.update(rows: [])
        #expect(model.selectedRow == nil)
        model.handle(.down)
        #expect(model.handle(.enter) == nil)
    }

    @Test func updatingRowsShowsTheNewValues() {
        var model = MenuFixtures.model()
        var rows = MenuFixtures.small
        rows[0] = MenuFixtures.toggle("bookmarks", "Bookmarks refactor", on: true, overridden: true)
        model.update(rows: rows)
        #expect(model.selectedRow?.isOverridden == true)
        model.handle(.character("R"))
        #expect(model.pendingConfirmation == .resetAll(overrideCount: 2))
    }

    @Test func aFilterSearchesTheRowsAsTheyAreNowNotAsTheyWereFirstFiltered() {
        var model = MenuFixtures.model()
        model.setFilter("zeta tabs")
        #expect(model.visibleRowCount == 1 && model.selectedRow?.id == "zeta")
        model.setFilter("")
        // The search index is made when a filter is typed; a row renamed since must be found
        // under its new title and no longer under its old one.
        let index = model.rows.firstIndex { $0.id == "zeta" }!
        model.replaceRow(at: index, with: MenuFixtures.toggle("zeta", "Saved pages"))
        model.setFilter("saved pages")
        #expect(model.visibleRowCount == 1 && model.selectedRow?.id == "zeta")
        model.setFilter("zeta tabs")
        #expect(model.visibleRowCount == 0)
        model.update(rows: MenuFixtures.small + [MenuFixtures.toggle("readingList", "Reading list refactor")])
        model.setFilter("refactor")
        #expect(model.visibleRowCount == 3)
    }

    // MARK: - Help

    @Test func helpTogglesAndSwallowsKeys() {
        var model = MenuFixtures.model()
        model.handle(.character("?"))
        #expect(model.isHelpShown)
        #expect(model.handle(.character(" ")) == nil)  // closes help, toggles nothing
        #expect(!model.isHelpShown)
        model.handle(.character("?"))
        model.handle(.character("?"))
        #expect(!model.isHelpShown)
        model.handle(.character("?"))
        #expect(model.handle(.character("q")) == .quit)
    }

    // MARK: - Large menus

    @Test func tenThousandRowsMoveFilterAndJump() {
        var model = MenuFixtures.model(MenuFixtures.many(10_000), height: 30)
        for _ in 0 ..< 1_000 { model.handle(.pageDown) }
        #expect(model.selection == 9_999)
        model.handle(.home)
        model.handle(.character("/"))
        for character in "flag0999" { model.handle(.character(character)) }
        #expect(model.visibleRowCount == 1)
        model.handle(.escape)
        #expect(model.visibleRowCount == 10_000)
        #expect(isSelectionVisible(model))
    }
}

@Suite("ScreenModel filter narrowing")
struct ScreenModelFilterNarrowingTests {
    /// Rows whose texts share prefixes, so typing and backspacing pass through many needles.
    static func rows() -> [MenuRow] {
        (0..<300).map { index in
            MenuRow(id: "flag\(index)", section: index % 3 == 0 ? .buildOnlyStatus : .featureFlags,
                    kind: .toggle(isOn: index % 2 == 0, isOverridden: false, sourceText: "default", hiddenValueText: nil),
                    title: ["Tip Jar", "Tips", "Top Picks", "Trips", "Ship"][index % 5] + " \(index)", statusText: "status \(index % 7)")
        }
    }

    private func visibleIDs(_ model: ScreenModel) -> [String] {
        (0..<model.visibleRowCount).map { model.visibleRow(at: $0).id }
    }

    /// Typing narrows within the previous matches and Backspace reuses earlier answers: whatever
    /// path led to a filter, the rows shown must be those a fresh filter shows.
    @Test func everyFilterOnTheWayShowsWhatAFreshFilterShows() {
        var typed = ScreenModel(rows: Self.rows())
        typed.handle(.character("/"))
        for key in ["t", "i", "p", "s", "BS", "BS", "r", "BS", "p", " ", "1", "BS", "BS", "BS", "BS", "BS", "o"] {
            typed.handle(key == "BS" ? .backspace : .character(Character(key)))
            var fresh = ScreenModel(rows: Self.rows())
            fresh.setFilter(typed.filter)
            #expect(visibleIDs(typed) == visibleIDs(fresh), "filter '\(typed.filter)'")
        }
    }
}
