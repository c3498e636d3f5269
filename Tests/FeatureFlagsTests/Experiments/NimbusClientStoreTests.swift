import FeatureFlags
import FeatureFlagsTestSupport
import Foundation
import Formats
import Nimbus
import Prefs
import Testing

/// The client state the tool keeps under `nimbus.`, and the SDK's rules for it
/// (application-services `stateful/nimbus_client.rs`: `get_update_date`, `get_installation_date`).
@Suite struct NimbusClientStoreTests {
    /// `get_update_date`: (stored version, current version, stored date) → date, and whether it is written.
    @Test(arguments: [
        ("1.0", "1.0", 100, 100, false),   // run before, not updated
        ("1.0", "2.0", 100, 500, true),    // run before, just updated
        (nil, "1.0", nil, 500, true),      // just installed
        (nil, nil, 100, 100, false),       // no version: the stored date stands
        ("1.0", nil, 100, 100, false),
        (nil, nil, nil, 500, false),       // nothing known: now, nothing written
        ("1.0", "1.0", nil, 500, false),
    ] as [(String?, String?, Int?, Int, Bool)])
    func anUpdateIsAVersionChange(stored: String?, current: String?, date: Int?, expected: Int, writes: Bool) throws {
        let prefs = InMemoryPrefs()
        let nimbus = prefs.branch("nimbus")
        if let stored { try nimbus.setString(stored, forKey: "appVersion") }
        if let date { try nimbus.setInt(date, forKey: "updatedAt") }
        let (updatedAt, changes) = NimbusClientStore(prefs: prefs).update(appVersion: current, now: 500)
        #expect(updatedAt == expected)
        #expect(!changes.isEmpty == writes)
        try NimbusClientStore(prefs: prefs).record(changes)
        if writes { #expect(nimbus.stringForKey("appVersion") == current) }
    }

    @Test func enrollmentsAreKeptAndWrittenOnlyWhenTheyChange() throws {
        let prefs = InMemoryPrefs()
        let store = NimbusClientStore(prefs: prefs)
        let enrollments = [StoredEnrollment(slug: "a", isRollout: false, state: .enrolled(branch: "control")),
                           StoredEnrollment(slug: "b", isRollout: true, state: .wasEnrolled(branch: "rollout", endedAt: 9))]
        #expect(store.enrollments.isEmpty)
        try store.record(store.changes(keeping: enrollments))
        #expect(store.enrollments == enrollments)
        #expect(store.changes(keeping: enrollments).isEmpty)
        // An entry this version cannot read is left out; the others stand.
        try prefs.branch("nimbus").setString(#"[{"slug":"x","state":"?"},{"slug":"a","state":"enrolled","branch":"c"}]"#, forKey: "enrollments")
        #expect(store.enrollments == [StoredEnrollment(slug: "a", isRollout: false, state: .enrolled(branch: "c"))])
        try prefs.branch("nimbus").setString("not json", forKey: "enrollments")
        #expect(store.enrollments.isEmpty)
    }

    /// After an evaluation that started from what was read, equal enrollments are not written,
    /// but a read that left entries out, or found nothing stored, still writes them.
    @Test func enrollmentsEqualToAWholeReadAreNotWrittenAgain() throws {
        let prefs = InMemoryPrefs()
        let store = NimbusClientStore(prefs: prefs)
        let enrollments = [StoredEnrollment(slug: "a", isRollout: false, state: .enrolled(branch: "control"))]
        let nothing = store.readEnrollments()
        #expect(!nothing.isWhole && nothing.enrollments.isEmpty)
        #expect(store.changes(keeping: [], read: nothing) == store.changes(keeping: []))
        #expect(!store.changes(keeping: [], read: nothing).isEmpty)
        try store.record(store.changes(keeping: enrollments, read: nothing))
        let read = store.readEnrollments()
        #expect(read.isWhole && read.enrollments == enrollments)
        #expect(store.changes(keeping: enrollments, read: read).isEmpty)
        let changed = [StoredEnrollment(slug: "a", isRollout: false, state: .notEnrolled(featureConflict: false))]
        #expect(store.changes(keeping: changed, read: read) == store.changes(keeping: changed))
        #expect(!store.changes(keeping: changed, read: read).isEmpty)
        // An entry this version cannot read: the enrollments are written without it.
        try prefs.branch("nimbus").setString(#"[{"slug":"x","state":"?"},\#(JSONValue.array(enrollments.map(\.json)).compactText.dropFirst())"#,
                                             forKey: "enrollments")
        let partial = store.readEnrollments()
        #expect(!partial.isWhole && partial.enrollments == enrollments)
        try store.record(store.changes(keeping: enrollments, read: partial))
        #expect(store.readEnrollments().isWhole)
    }
}
