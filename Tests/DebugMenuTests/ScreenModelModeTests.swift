import DebugMenu
import Testing

/// `ScreenModel.Mode`: one mode at a time, with its own state; a question asked over a mode
/// leaves it drawn underneath and gives it back when answered.
@Suite("ScreenModel.Mode")
struct ScreenModelModeTests {
    @Test func aPresetNameIsAskedOverTheRowsAndEscGoesBackToThem() {
        var model = MenuFixtures.model()
        model.handle(.character("s"))
        #expect(model.mode == .prompt(TextPrompt(purpose: .presetName), over: .rows))
        #expect(model.mode.body == .rows)
        model.handle(.escape)
        #expect(model.mode == .rows)
        #expect(model.message == "Save cancelled.")
    }

    @Test func aFeatureValueIsTypedOverItsDetailPaneWhichComesBackAfterEnter() {
        var model = MenuFixtures.model()
        model.showDetail(DetailPane(rowID: "flag:translation", title: "Translation", copyText: "translation", lines: [
            .init([("  \"count\": 3", .normal)], variable: .init(feature: "f", name: "count", typeName: "Int", editor: .text("3"))),
        ]))
        model.handle(.enter)
        #expect(model.keyMode == .prompt)
        guard case .prompt(let prompt, over: .detail(let under)) = model.mode else {
            Issue.record("Enter on an Int variable asks for its value over the pane, not \(model.mode)")
            return
        }
        #expect(prompt.text == "3" && under.rowID == "flag:translation")
        #expect(model.detailPane?.rowID == "flag:translation", "the body still draws the pane")
        model.handle(.character("7"))
        #expect(model.handle(.enter) == .setFeatureValue(feature: "f", variable: "count", text: "7"))
        #expect(model.keyMode == .detail)
    }

    @Test func aQuestionKeepsWhatIsUnderItAndOnlyOneOverlayIsEverOpen() {
        var model = MenuFixtures.model()
        model.showHistory(HistoryView(items: []))
        model.ask(.resetAll(overrideCount: 2))
        #expect(model.keyMode == .confirmation && model.historyView != nil)
        model.showPresetChooser(PresetChooser(items: []))
        #expect(model.pendingConfirmation != nil && model.presetChooser != nil && model.historyView == nil)
        model.ask(.replacePreset(name: "a"))
        #expect(model.mode == .confirmation(.replacePreset(name: "a"), over: .chooser(PresetChooser(items: []))),
                "a new question replaces the one waiting")
        model.handle(.character("n"))
        #expect(model.mode == .chooser(PresetChooser(items: [])))
    }

    @Test func theHelpsScrollIsItsOwnAndStaysWithinItsLimit() {
        var model = MenuFixtures.model()
        model.handle(.character("?"))
        #expect(model.mode == .help(scrollOffset: 0))
        model.setHelpScrollLimit(5)
        for _ in 0 ..< 10 { model.handle(.down) }
        #expect(model.helpScrollOffset == 5)
        model.setHelpScrollLimit(2)
        #expect(model.mode == .help(scrollOffset: 2))
        model.handle(.escape)
        #expect(model.mode == .rows && !model.isHelpShown)
    }

    @Test func theFilterIsAModeOfTheRows() {
        var model = MenuFixtures.model()
        model.handle(.character("/"))
        #expect(model.mode == .filter && model.isEditingFilter)
        model.handle(.character("t"))
        model.handle(.enter)
        #expect(model.mode == .rows && model.filter == "t")
    }
}
