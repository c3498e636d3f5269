import DebugMenu
import Synchronization
import Testing

@Suite("MenuRows")
struct MenuRowsTests {
    /// Counts the rows a `.made` segment makes, to show which reads make one.
    final class Maker: Sendable {
        let made = Mutex(0)
        func row(_ position: Int) -> MenuRow {
            made.withLock { $0 += 1 }
            return MenuRow(id: "made:\(position)", section: .buildOnlyStatus, kind: .readOnly(valueText: ""), title: "Made \(position)")
        }
    }

    func rows(_ maker: Maker) -> MenuRows {
        MenuRows(segments: [
            .listed([MenuFixtures.toggle("a", "A"), MenuFixtures.toggle("b", "B")]),
            .listed([]),
            .made(count: 1_000, section: .buildOnlyStatus, row: maker.row,
                  index: { id in id.hasPrefix("made:") ? Int(id.dropFirst(5)) : nil }),
            .listed([MenuRow(id: "isDebug", section: .buildFlags, kind: .readOnly(valueText: "true"), title: "isDebug")]),
        ])
    }

    @Test func listedAndMadeRowsReadAsOneList() {
        let maker = Maker()
        let rows = rows(maker)
        #expect(rows.count == 1_003)
        #expect(rows[0].id == "a" && rows[1].id == "b" && rows[2].id == "made:0" && rows[1_001].id == "made:999")
        #expect(rows[1_002].id == "isDebug")
        #expect(rows.sectionRuns == [SectionRun(section: .featureFlags, rows: 0..<2), SectionRun(section: .buildOnlyStatus, rows: 2..<1_002),
                                     SectionRun(section: .buildFlags, rows: 1_002..<1_003)])
        #expect(maker.made.withLock { $0 } == 2, "only the two made rows read were made; sections come without making any")
    }

    @Test func rowsAreFoundByIDWithoutMakingThem() {
        let maker = Maker()
        let rows = rows(maker)
        #expect(rows.index(ofID: "b") == 1 && rows.index(ofID: "made:7") == 9 && rows.index(ofID: "isDebug") == 1_002)
        #expect(rows.index(ofID: "made:1000") == nil, "past the segment's end")
        #expect(rows.index(ofID: "nope") == nil)
        #expect(maker.made.withLock { $0 } == 0)
    }

    @Test func replacedRowsAreKept() {
        var rows = rows(Maker())
        let filled = MenuRow(id: "made:5", section: .buildOnlyStatus, kind: .readOnly(valueText: "on"), title: "Made 5")
        rows.replace(at: 7, with: filled)
        rows.replace(at: 0, with: MenuFixtures.toggle("a", "A", on: true))
        #expect(rows[7] == filled && rows[8].id == "made:6")
        #expect(rows[0].kind == .toggle(isOn: true, isOverridden: false, sourceText: "default", hiddenValueText: nil))
        #expect(Array(rows).count == 1_003 && MenuRows().isEmpty)
    }
}
