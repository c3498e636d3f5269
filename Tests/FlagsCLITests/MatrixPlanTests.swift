@testable import FlagsCLI
import FlagsTool
import Formats
import Prefs
import Testing

/// The list of combinations `flags matrix` runs, from dimensions built by hand: the rules the
/// tool adds itself, the Boolean arrays kept, and strength.
@Suite struct MatrixPlanTests {
    static func experiment(_ slug: String, feature: String) -> MatrixDimension {
        MatrixDimension(name: slug, kind: .experiment(slug: slug, features: [feature]), values: ["a", "b", MatrixDimension.notForced])
    }

    static func flag(_ id: String) -> MatrixDimension {
        MatrixDimension(name: id, kind: .flag(debugKey: id + ".key"), values: ["on", "off"])
    }

    @Test func twoExperimentsOnOneFeatureAreNeverBothForced() throws {
        let dimensions = [Self.experiment("first", feature: "menu"), Self.experiment("second", feature: "menu"),
                          Self.experiment("other", feature: "tips")]
        let plan = try MatrixPlan.make(dimensions: dimensions, fileModel: nil, constraints: [], strength: nil, exhaustive: false)
        #expect(!plan.rows.isEmpty)
        let notForced = 2
        for row in plan.rows { #expect(row[0] == notForced || row[1] == notForced, "\(row)") }
        // Every pair that the rule allows still appears.
        for x in 0..<3 { for y in 0..<3 where x == notForced || y == notForced {
            #expect(plan.rows.contains { $0[0] == x && $0[1] == y }, "first \(x) × second \(y)")
        } }
        #expect(plan.rows.contains { $0[0] != notForced && $0[2] != notForced })
    }

    @Test func booleanFlagsAloneKeepTheOptimalArrays() throws {
        let ten = (0..<10).map { Self.flag("f\($0)") }
        let pairwise = try MatrixPlan.make(dimensions: ten, fileModel: nil, constraints: [], strength: nil, exhaustive: false)
        #expect(pairwise.rows == PairwiseCoveringArray.rows(flagCount: 10).map { $0.map { $0 ? 0 : 1 } })
        #expect(pairwise.modeName(.pairwise) == "pairwise")
        let exhaustive = try MatrixPlan.make(dimensions: Array(ten.prefix(3)), fileModel: nil, constraints: [], strength: nil, exhaustive: true)
        #expect(exhaustive.rows.count == 8 && exhaustive.modeName(.exhaustive) == "exhaustive")
    }

    @Test func aSeedRowIsTheFirstRowRun() throws {
        let flags = (0..<4).map { Self.flag("f\($0)") }
        let seeds = (name: "seeds.tsv", text: "f0\tf1\tf2\tf3\noff\toff\ton\toff\n")
        let plan = try MatrixPlan.make(dimensions: flags, fileModel: nil, constraints: [], strength: nil, exhaustive: false, seeds: seeds)
        #expect(plan.rows.first == [1, 1, 0, 1])
        // The rows after it still cover every pair.
        for a in 0..<4 { for b in (a + 1)..<4 { #expect(Set(plan.rows.map { [$0[a], $0[b]] }).count == 4, "\(a) \(b)") } }
        let unseeded = try MatrixPlan.make(dimensions: flags, fileModel: nil, constraints: [], strength: nil, exhaustive: false)
        #expect(unseeded.rows.first != [1, 1, 0, 1])
    }

    @Test func strengthThreeCoversEveryTriple() throws {
        let dimensions = (0..<5).map { Self.flag("f\($0)") }
        let plan = try MatrixPlan.make(dimensions: dimensions, fileModel: nil, constraints: [], strength: 3, exhaustive: false)
        #expect(plan.modeName(.pairwise) == "3-way")
        for a in 0..<5 { for b in (a + 1)..<5 { for c in (b + 1)..<5 {
            #expect(Set(plan.rows.map { [$0[a], $0[b], $0[c]] }).count == 8, "\(a) \(b) \(c)")
        } } }
    }

    @Test func aRowIsOneSetOfWritesWithAFeaturesVariablesTogether() {
        let spice = MatrixDimension(name: "f.spice", kind: .featureVariable(feature: "f", variable: "spice", values: [.int(1), .int(3)]), values: ["1", "3"])
        let layout = MatrixDimension(name: "f.layout", kind: .featureVariable(feature: "f", variable: "layout", values: [.string("grid"), .string("list")]),
                                     values: ["grid", "list"])
        let changes = MatrixDimension.changes(for: [(Self.flag("t"), 1), (spice, 1), (layout, 0), (Self.experiment("e", feature: "f"), 2)],
                                              keeping: ["f": ["kept": .bool(true)]])
        #expect(changes.count == 3)
        #expect(changes.contains(.set("t.key", .bool(false))))
        #expect(changes.contains(.remove("nimbus.forcedBranch.e")))
        #expect(changes.contains(.set("nimbus.featureOverride.f", .string(#"{"kept":true,"layout":"grid","spice":3}"#))))
    }
}
