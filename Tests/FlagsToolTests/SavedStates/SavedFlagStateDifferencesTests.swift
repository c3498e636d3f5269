import FlagsTool
import Testing

/// What a colleague changed in a shared preset, line by line.
@Suite struct SavedFlagStateDifferencesTests {
    @Test func everyChangedEntryIsOneSortedLine() {
        let before = SavedFlagState(app: "a", channel: "developer", overrides: ["tipJar": false, "reviews": true, "same": true],
                                    userPreferences: ["spicy": true], typedPreferences: ["startAtHome": "always"])
        let after = SavedFlagState(app: "a", channel: "beta", overrides: ["tipJar": true, "promo": false, "same": true],
                                   userPreferences: ["spicy": true], typedPreferences: ["startAtHome": "never"])
        #expect(before.differences(to: after) == [
            "promo override: (none) → off",
            "reviews override: on → (none)",
            "tipJar override: off → on",
            "startAtHome preference: always → never",
        ])
        #expect(after.differences(to: after).isEmpty, "the channel it was captured in is not a difference")
    }
}
