import FeatureFlags
import FlagsTool
import Formats
import Testing

@Suite struct BisectionTests {
    static let good = SavedFlagState(app: "bibimbap", channel: "developer", overrides: ["tipJar": false])
    /// Ten differences: eight flags, a feature's enum variable and a typed preference.
    static let bad = SavedFlagState(app: "bibimbap", channel: "developer",
                                    overrides: ["tipJar": true, "reviews": true, "delivery": true, "promoBanner": true,
                                                "loyaltyCard": true, "darkKitchen": true, "orderTracking": true, "seasonalMenu": true],
                                    typedPreferences: ["startAtHome": "always"],
                                    featureValues: ["seasonal-menu-feature": ["season": .string("summer")]])

    private static func run(_ outcome: RunOutcome) -> CommandRunner.Run {
        CommandRunner.Run(outcome: outcome, seconds: 0.01, attempts: 1, output: "")
    }

    @Test func theUnitsAreEveryDifferenceInWords() {
        let units = Self.good.bisectUnits(to: Self.bad)
        #expect(units.count == 10)
        #expect(units.map(\.label).contains("tipJar=on") && units.map(\.label).contains("season=summer"))
        #expect(units.first { $0.id == "startAtHome" }?.good == nil)
        let all = Self.good.applying(units, from: Self.bad)
        #expect(all == Self.bad, "every unit applied is the bad state")
        #expect(Self.good.applying([], from: Self.bad) == Self.good)
    }

    @Test func findsTheTwoFlagsThatFailOnlyTogether() throws {
        let bisection = Bisection(good: Self.good, bad: Self.bad)
        let result = try bisection.run { state, _ in
            Self.run(state.overrides["tipJar"] == true && state.featureValues["seasonal-menu-feature"]?["season"] == .string("summer")
                     ? .failed("exit 1") : .passed)
        }
        guard case .culprit(let found) = result.finding else { Issue.record("\(result.finding)"); return }
        #expect(Set(found.map(\.id)) == ["tipJar", "seasonal-menu-feature.season"])
        #expect(result.sentence == "fails when tipJar=on and season=summer together; each alone passes")
        #expect(result.runs <= bisection.maximumRuns && result.runs < 30, "\(result.runs)")
    }

    @Test func aSingleCulpritAndATriple() throws {
        let one = try Bisection(good: Self.good, bad: Self.bad).run { state, _ in Self.run(state.overrides["reviews"] == true ? .failed("exit 3") : .passed) }
        #expect(one.sentence == "fails when reviews=on, on its own (the other 9 differences are not needed)")
        let three = try Bisection(good: Self.good, bad: Self.bad).run { state, _ in
            let on = ["delivery", "promoBanner"].allSatisfy { state.overrides[$0] == true } && state.typedPreferences["startAtHome"] == "always"
            return Self.run(on ? .timedOut(seconds: 5) : .passed)
        }
        #expect(three.sentence == "fails when delivery=on, promoBanner=on and startAtHome=always together; without any one of them it passes")
    }

    @Test func aCommandThatAnswersAtRandomIsFlakyNotACulprit() throws {
        for seed in 0..<20 {
            var count = seed
            let result = try Bisection(good: Self.good, bad: Self.bad).run { _, _ in
                count += 1
                return Self.run(count % 2 == 0 ? .failed("exit 1") : .passed)
            }
            guard case .flaky = result.finding else { Issue.record("seed \(seed): \(result.sentence)"); continue }
            #expect(result.sentence.hasPrefix("the command is flaky:"))
        }
    }

    @Test func aPassOnRetryIsFlaky() throws {
        let result = try Bisection(good: Self.good, bad: Self.bad).run { state, applied in
            Self.run(applied.count == 10 ? .flaky("exit 1") : .passed)
        }
        guard case .flaky(let state, _) = result.finding else { Issue.record("\(result.finding)"); return }
        #expect(state == "the bad state")
    }

    @Test func endpointsThatDoNotPassAndFailAreSaidSo() throws {
        let goodFails = try Bisection(good: Self.good, bad: Self.bad).run { _, _ in Self.run(.failed("exit 1")) }
        #expect(goodFails.runs == 2 && goodFails.sentence.contains("fails in the good state too"))
        let badPasses = try Bisection(good: Self.good, bad: Self.bad).run { _, _ in Self.run(.passed) }
        #expect(badPasses.runs == 3 && badPasses.sentence.contains("passes in the bad state too"))
        let stopped = try Bisection(good: Self.good, bad: Self.bad).run { _, applied in Self.run(applied.isEmpty ? .passed : .interrupted(2)) }
        #expect(stopped.sentence == "interrupted by signal 2 after 2 runs")
    }
}
