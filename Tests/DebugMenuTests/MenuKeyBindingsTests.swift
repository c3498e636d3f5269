import DebugMenu
import Testing

/// The key table against the key handling: a key that does something is in the help, and a key
/// the footer names does something in the mode it is shown in.
@Suite("MenuKeyBindings")
struct MenuKeyBindingsTests {
    /// Everything a key can change that a user sees, and the action it returns.
    private struct Observed: Equatable {
        var selection: Int?
        var scrollOffset: Int
        var filter: String
        var isEditingFilter: Bool
        var isHelpShown: Bool
        var confirmation: ScreenModel.Confirmation?
        var prompt: TextPrompt?
        var chooser: PresetChooser?
        var history: HistoryView?
        var experiments: ExperimentsScreen?
        var detail: DetailPane?
        var message: String?
        var helpScrollOffset: Int
        var action: MenuAction?

        init(_ model: ScreenModel, action: MenuAction? = nil) {
            selection = model.selection
            scrollOffset = model.scrollOffset
            filter = model.filter
            isEditingFilter = model.isEditingFilter
            isHelpShown = model.isHelpShown
            confirmation = model.pendingConfirmation
            prompt = model.prompt
            chooser = model.presetChooser
            history = model.historyView
            experiments = model.experimentsScreen
            detail = model.detailPane
            message = model.message
            helpScrollOffset = model.helpScrollOffset
            self.action = action
        }
    }

    /// Whether `key` changes anything in `model` (a copy is changed, not `model`).
    private func doesSomething(_ key: KeyEvent, in model: ScreenModel) -> Bool {
        var copy = model
        let action = copy.handle(key)
        return Observed(copy, action: action) != Observed(model)
    }

    /// A row list of several sections with a filter, the selection in the middle of the rows.
    private func rowsModel(filter: String = "") -> ScreenModel {
        var model = MenuFixtures.model(MenuFixtures.small + MenuFixtures.many(40), height: 20)
        if !filter.isEmpty { model.setFilter(filter) }
        for _ in 0 ..< 2 { model.handle(.down) }
        return model
    }

    /// Every key and mouse event the terminal can report, but timeouts and resizes.
    private var probes: [KeyEvent] {
        let top = ScreenLayout.headerHeight
        var keys: [KeyEvent] = [.up, .down, .left, .right, .pageUp, .pageDown, .home, .end, .tab, .backTab,
                                .enter, .escape, .backspace, .terminationSignal(2),
                                .mouse(row: top + 1, column: 10, kind: .click),
                                .mouse(row: top + 1, column: 10, kind: .wheelUp),
                                .mouse(row: top + 1, column: 10, kind: .wheelDown)]
        for scalar in 0 ..< 0x7F { keys.append(.character(Character(Unicode.Scalar(UInt8(scalar))))) }
        keys.append(.character("é"))
        return keys
    }

    private func helpScreen(_ glyphs: ScreenGlyphs) -> String {
        var model = rowsModel()
        model.handle(.character("?"))
        let renderer = ScreenRenderer(layout: ScreenLayout(glyphs: glyphs, measure: .unicode))
        return renderer.frame(&model, header: MenuFixtures.header, size: Terminal.Size(rows: 40, columns: 120))
            .map(\.text).joined(separator: "\n")
    }

    @Test(arguments: [ScreenGlyphs.unicode, .ascii])
    func everyKeyTheRowListHandlesIsInTheHelp(_ glyphs: ScreenGlyphs) {
        let help = helpScreen(glyphs)
        for key in probes {
            let models = [rowsModel(), rowsModel(filter: "flag")]
            guard models.contains(where: { doesSomething(key, in: $0) }) else { continue }
            let binding = MenuKeyBindings.rows.first { $0.keys.contains { $0.trigger.matches(key) } }
            guard let binding else {
                Issue.record("\(key) does something in the row list but is in no binding, so not in the help")
                continue
            }
            let trigger = binding.keys.first { $0.trigger.matches(key) }!.trigger
            let keyNames = binding.helpKeys(glyphs: glyphs)
            #expect(keyNames.contains(trigger.name(glyphs: glyphs)), "\(key) is not named in \(keyNames)")
            #expect(help.contains(keyNames) && help.contains(binding.helpText), "\(key): \(keyNames) \(binding.helpText)\n\(help)")
        }
    }

    @Test func everyRowBindingIsOnTheHelpScreenAndInFlagsMenuHelp() {
        let help = helpScreen(.unicode)
        for binding in MenuKeyBindings.rows {
            #expect(help.contains(binding.helpKeys(glyphs: .unicode) ) && help.contains(binding.helpText), "\(binding.helpText)")
            #expect(FeatureFlagsDebugMenu.keyHelp.contains(binding.helpKeys(glyphs: .ascii)))
            #expect(FeatureFlagsDebugMenu.keyHelp.contains(binding.helpText))
        }
    }

    /// A model in `mode`, with something above and below its selection.
    private func model(in mode: MenuKeyBindings.Mode) -> ScreenModel {
        var model = rowsModel()
        switch mode {
        case .rows: break
        case .filter: model.handle(.character("/"))
        case .help: model.handle(.character("?"))
        case .chooser:
            model.showPresetChooser(PresetChooser(items: ["a", "b", "c"].map { PresetChooser.Item(name: $0, detail: "") }))
            model.handle(.down)
        case .history:
            model.showHistory(HistoryView(items: (1...100).map { HistoryView.Item(what: "k\($0)", change: "on → off", when: "now", by: "menu") }))
            model.handle(.down)
        case .experiments:
            model.showExperiments(ExperimentsFixtures.screen)
            model.handle(.down)
        case .detail:
            model.showDetail(MenuFixtures.detailPane(lines: 100))
            model.handle(.down)
        case .prompt: model.handle(.character("s"))
        case .confirmation: model.handle(.character("R"))
        }
        #expect(model.keyMode == mode)
        return model
    }

    /// A concrete event for `trigger`.
    private func event(for trigger: MenuKeyTrigger) -> KeyEvent {
        switch trigger {
        case .key(let key): key
        case .anyCharacter, .anyKey: .character("a")
        case .mouse(let kind): .mouse(row: ScreenLayout.headerHeight + 1, column: 10, kind: kind)
        case .terminationSignal: .terminationSignal(2)
        }
    }

    @Test(arguments: MenuKeyBindings.Mode.allCases)
    func everyKeyTheFooterNamesDoesSomething(_ mode: MenuKeyBindings.Mode) {
        var model = model(in: mode)
        let renderer = ScreenRenderer(layout: ScreenLayout(glyphs: .unicode, measure: .unicode))
        let footer = renderer.frame(&model, header: MenuFixtures.header, size: Terminal.Size(rows: 30, columns: 200)).last?.text ?? ""
        let hints = MenuKeyBindings.bindings(in: mode).compactMap(\.footer)
        #expect(!hints.isEmpty)
        for hint in hints {
            let name = hint.trigger.footerName(glyphs: .unicode)
            #expect(footer.contains("\(name) \(hint.meaning)"), "\(mode): \(name) \(hint.meaning) not in \(footer)")
            let key = event(for: hint.trigger)
            #expect(MenuKeyBindings.command(for: key, in: mode) != nil)
            #expect(doesSomething(key, in: model), "\(mode): the footer names \(name) (\(hint.meaning)), which does nothing")
        }
    }

    @Test func anExactKeyWinsOverAWildcard() {
        #expect(MenuKeyBindings.command(for: .character("q"), in: .help) == .quit)
        #expect(MenuKeyBindings.command(for: .character("x"), in: .help) == .closeHelp)
        #expect(MenuKeyBindings.command(for: .character("j"), in: .help) == .moveDown, "the moving keys scroll the help")
        #expect(MenuKeyBindings.command(for: .character("x"), in: .filter) == .type)
        #expect(MenuKeyBindings.command(for: .character("\u{7}"), in: .filter) == nil, "control characters are not typed")
        #expect(MenuKeyBindings.command(for: .character("w"), in: .rows) == nil)
    }
}
