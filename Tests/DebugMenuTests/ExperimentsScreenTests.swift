import DebugMenu
import Testing

/// The Experiments screen as plain data: `e` opens it, Enter goes down a level (a record's
/// branches, then forcing one), Esc back up, `x` asks to unforce, `r` shows the JSON; and what
/// `ScreenLayout` draws of it, texts from records made safe.
@Suite("ExperimentsScreen")
struct ExperimentsScreenTests {
    func model(_ screen: ExperimentsScreen = ExperimentsFixtures.screen, height: Int = 20) -> ScreenModel {
        var model = MenuFixtures.model(MenuFixtures.small + [
            MenuRow(id: "experiment:new-menu-test", section: .experiments, kind: .readOnly(valueText: "experiment · enrolled in treatment"),
                    title: "new-menu-test"),
        ], height: height)
        model.showExperiments(screen)
        return model
    }

    func drawn(_ model: inout ScreenModel, rows: Int = 30, columns: Int = 100, glyphs: ScreenGlyphs = .ascii) -> String {
        let renderer = ScreenRenderer(layout: ScreenLayout(glyphs: glyphs, measure: .unicode))
        return renderer.frame(&model, header: MenuFixtures.header, size: Terminal.Size(rows: rows, columns: columns))
            .map(\.text).joined(separator: "\n")
    }

    @Test func eOpensTheScreenOnTheSelectedExperimentRowElseOnTheFirst() {
        var rows = MenuFixtures.model(MenuFixtures.small + [
            MenuRow(id: "experiment:new-menu-test", section: .experiments, kind: .readOnly(valueText: "enrolled"), title: "new-menu-test"),
        ])
        #expect(rows.handle(.character("e")) == .showExperiments(slug: nil))
        rows.handle(.character("G"))
        #expect(rows.handle(.character("e")) == .showExperiments(slug: "new-menu-test"))
        #expect(rows.keyMode == .rows, "the controller opens it, with the records")

        let screen = ExperimentsScreen(items: ExperimentsFixtures.items, selecting: "korean-tip-jar")
        #expect(screen.selectedItem?.slug == "korean-tip-jar")
        #expect(ExperimentsScreen(items: ExperimentsFixtures.items, selecting: "gone").selection == 0)
        #expect(ExperimentsScreen(items: []).selection == nil)
    }

    @Test func enterOpensTheBranchesOnTheEnrolledOneAndForcesTheSelectedBranch() {
        var model = model()
        #expect(model.keyMode == .experiments)
        model.handle(.character("j"))
        #expect(model.experimentsScreen?.selectedItem?.slug == "new-menu-test")
        #expect(model.handle(.enter) == nil)
        #expect(model.experimentsScreen?.level == .branches)
        #expect(model.experimentsScreen?.selectedBranch?.slug == "treatment", "the enrolled branch is selected first")
        model.handle(.character("k"))
        #expect(model.handle(.enter) == .forceBranch(slug: "new-menu-test", branch: "control"))
        #expect(model.experimentsScreen?.level == .branches, "forcing stays on the branches")
        model.handle(.escape)
        #expect(model.experimentsScreen?.level == .list)
        #expect(model.experimentsScreen?.selectedItem?.slug == "new-menu-test")
        model.handle(.escape)
        #expect(model.experimentsScreen == nil)
        #expect(model.keyMode == .rows)
    }

    @Test func aForcedBranchIsSelectedFirstAndXAsksToRemoveItOnlyWhereOneIsForced() {
        var model = model(ExperimentsScreen(items: ExperimentsFixtures.items, selecting: "reviews-redesign"))
        #expect(model.handle(.character("x")) == .removeForcedBranch(slug: "reviews-redesign"))
        model.handle(.enter)
        #expect(model.experimentsScreen?.selectedBranch?.slug == "hidden")
        #expect(model.handle(.character("x")) == .removeForcedBranch(slug: "reviews-redesign"))
        model.handle(.escape)
        model.handle(.character("g"))
        #expect(model.handle(.character("x")) == nil)
        #expect(model.message == "\u{201C}dark-kitchen-rollout\u{201D} has no forced branch.")
        #expect(model.handle(.character("u")) == .undo, "u undoes a force like any change of this menu")
        #expect(model.handle(.character("q")) == .quit)
    }

    @Test func rShowsTheRecordWhichScrollsAndROrEscReturns() {
        var model = model(height: 10)
        model.handle(.down)
        model.handle(.character("r"))
        #expect(model.experimentsScreen?.level == .record)
        model.handle(.character("j"))
        model.handle(.pageDown)
        #expect(model.experimentsScreen?.recordScrollOffset == 10, "one line, then a page of 9 (the title takes one)")
        model.handle(.character("G"))
        #expect(model.experimentsScreen?.recordScrollOffset == 62 - 9)
        model.handle(.character("j"))
        #expect(model.experimentsScreen?.recordScrollOffset == 62 - 9, "it stops at the end")
        model.handle(.character("r"))
        #expect(model.experimentsScreen?.level == .list)
        model.handle(.character("r"))
        model.handle(.escape)
        #expect(model.experimentsScreen?.level == .list)
        #expect(model.experimentsScreen?.selectedItem?.slug == "new-menu-test")
        model.handle(.character("e"))
        #expect(model.experimentsScreen == nil, "e goes back to the rows from any level")
    }

    @Test func aSkippedRecordSaysWhyItHasNoBranchesAndNoJSON() {
        var model = model()
        model.handle(.character("G"))
        #expect(model.experimentsScreen?.selectedItem?.kind == .skipped)
        model.handle(.enter)
        #expect(model.experimentsScreen?.level == .list)
        #expect(model.message?.contains("missing required field `branches`") == true, "\(model.message ?? "")")
        model.handle(.character("r"))
        #expect(model.experimentsScreen?.level == .list)
        #expect(model.message == "\u{201C}record #5\u{201D} was skipped: there is no record to show.")
    }

    @Test func newItemsKeepTheLevelTheRecordAndTheBranch() {
        var screen = ExperimentsScreen(items: ExperimentsFixtures.items, selecting: "new-menu-test")
        let opened = screen.openBranches()
        #expect(opened)
        screen.move(by: -1, room: 10)
        var items = ExperimentsFixtures.items
        items.removeFirst()
        items[0].status = .forced(branch: "control")
        items[0].forcedBranch = "control"
        items[0].branches[0].isForced = true
        screen.replaceItems(items, problems: ["`gone` has no branch `x`"])
        #expect(screen.level == .branches)
        #expect(screen.selectedItem?.slug == "new-menu-test")
        #expect(screen.selectedBranch?.slug == "control")
        #expect(screen.problems == ["`gone` has no branch `x`"])
        // The record went away: the list again, on the record that took its place.
        screen.replaceItems(Array(items.dropFirst()), problems: [])
        #expect(screen.level == .branches)
        #expect(screen.selectedItem?.slug == "korean-tip-jar")
        screen.replaceItems([], problems: [])
        #expect(screen.level == .list)
        #expect(screen.selectedItem == nil)
    }

    @Test func theListShowsEachStatusAndTheSelectedRecordsWholeReason() {
        var items = ExperimentsFixtures.items
        items[1].reason = "not enrolled: targeting did not match: `language == 'ko'` is false because language is \"en\"; "
            + String(repeating: "and a long tail of words ", count: 6) + "END"
        var model = model(ExperimentsScreen(items: items, selecting: "new-menu-test"))
        let text = drawn(&model)
        #expect(text.contains(" Experiments (6)"), "\(text)")
        #expect(text.contains("> new-menu-test"), "\(text)")
        for expected in ["dark-kitchen-rollout", "rollout", "enrolled in rollout", "not enrolled", "not enrolled (hidden forced)",
                         "enrollment is pause", "skipped", "record #5"] {
            #expect(text.contains(expected), "\(expected) in\n\(text)")
        }
        // The whole reason below the list, wrapped, its end too.
        #expect(text.contains(" new-menu-test: not enrolled: targeting did not match"), "\(text)")
        #expect(text.contains("END"), "\(text)")
        #expect(text.contains("record 2/6"), "the status line says where the selection is: \(text)")
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 30 && lines.allSatisfy { $0.count == 100 })
    }

    @Test func theBranchesShowRatiosFeatureValuesAndTheEnrolledAndForcedMarks() {
        var model = model(ExperimentsScreen(items: ExperimentsFixtures.items, selecting: "new-menu-test"))
        model.handle(.enter)
        let text = drawn(&model)
        #expect(text.contains(" new-menu-test | experiment | enrolled in treatment"), "\(text)")
        #expect(text.contains("  control   ratio 1 | 50%"), "\(text)")
        #expect(text.contains("> treatment   ratio 1 | 50%   [enrolled]"), "\(text)")
        #expect(text.contains(#"bibimbap-feature  {"enabled":true,"spice-level":3}"#), "\(text)")
        #expect(text.contains("new-menu-test: branch 2/2"), "\(text)")

        var forced = self.model(ExperimentsScreen(items: ExperimentsFixtures.items, selecting: "reviews-redesign"))
        forced.handle(.enter)
        let marks = drawn(&forced)
        #expect(marks.contains("> hidden   ratio 1 | 50%   [forced]"), "\(marks)")
        #expect(marks.contains("sets no feature"), "\(marks)")
        #expect(marks.contains("although branch `hidden` is forced"), "\(marks)")
    }

    @Test func aLongFeatureValueWrapsAndALongRecordLineGoesOnBelowItself() {
        var items = ExperimentsFixtures.items
        let long = "{\"list\":[" + (1 ... 40).map(String.init).joined(separator: ",") + "],\"end\":\"TAIL\"}"
        items[1].branches[1].features = [.init(featureId: "bibimbap-feature", json: long)]
        items[1].recordLines = ["{", "  \"targeting\": \"" + String(repeating: "x ", count: 50) + "TARGET-END\"", "}"]
        var model = model(ExperimentsScreen(items: items, selecting: "new-menu-test"), height: 25)
        model.handle(.enter)
        let branches = drawn(&model, columns: 60)
        #expect(branches.contains("TAIL"), "\(branches)")
        model.handle(.escape)
        model.handle(.character("r"))
        let record = drawn(&model, columns: 60)
        #expect(record.contains("TARGET-END"), "\(record)")
        #expect(record.contains(" new-menu-test | the record (3 lines)"), "\(record)")
    }

    @Test func textsFromRecordsCannotReachTheTerminal() {
        let hostile = "evil\u{1B}]0;owned\u{07}\u{1B}[2J\u{202E}slug"
        let items = [ExperimentsScreen.Item(
            slug: hostile, kind: .experiment, status: .enrolled(branch: hostile), reason: "because \u{1B}[31m" + hostile,
            branches: [ExperimentsFixtures.branch(hostile, enrolled: true, features: [(hostile, "{\"\(hostile)\":1}")])],
            recordLines: ["{", "  \"slug\": \"\(hostile)\"", "}"])]
        for level in 0 ..< 3 {
            var model = model(ExperimentsScreen(items: items, problems: ["`\(hostile)` has no branch"]))
            if level == 1 { model.handle(.enter) }
            if level == 2 { model.handle(.character("r")) }
            let text = drawn(&model)
            #expect(!text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" || $0 == "\u{202E}" || $0 == "\u{7F}" },
                    "level \(level): \(text.debugDescription)")
            #expect(text.contains("evil?]0;owned??[2J?slug"), "level \(level): \(text)")
        }
    }

    @Test func aTinyTerminalStillKeepsTheSelectionOnScreen() {
        var model = model(height: 3)
        model.handle(.character("G"))
        let text = drawn(&model, rows: 8, columns: 40)
        #expect(text.contains("> record #5"), "\(text)")
    }
}
