#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Formats
import Nimbus
import Prefs

/// The Nimbus client's own state, kept in the app's store under the `nimbus.` branch, as the
/// SDK keeps it in its database: the stable id (`id`), when it was first seen (`installedAt`,
/// for `days_since_install`), the app version of the last evaluation and when it last changed
/// (`appVersion`, `updatedAt`, for `days_since_update`), the enrollments the last evaluation left
/// (`enrollments`, for `is_already_enrolled`, `enrollments`, `active_experiments`,
/// `enrollments_map`), and the two participation opt-outs. Times are seconds since 1970.
///
/// ```swift
/// let client = NimbusClientStore(prefs: prefs)
/// let id = try client.nimbusID()              // created on first use, then stable
/// try client.setOptOut(.experiments, true)
/// ```
public struct NimbusClientStore: Sendable {
    /// The two pools a user can opt out of separately, as in the Nimbus SDK.
    public enum Pool: String, CaseIterable, Sendable {
        case experiments, rollouts
        var key: String { rawValue + "OptOut" }
    }

    private let prefs: Prefs

    public init(prefs: Prefs) {
        self.prefs = prefs.branch("nimbus")
    }

    /// The stored id, if one was ever created.
    public var storedNimbusID: String? { prefs.stringForKey("id") }

    /// The client's id: a lowercase UUID created (with the install time) on first use.
    /// Returns whether it was just created, which is what `is_first_run` means here.
    public func nimbusID() throws -> (id: String, isNew: Bool) {
        if let id = storedNimbusID { return (id, false) }
        let id = UUID().uuidString.lowercased()
        try prefs.apply([.set("id", .string(id)), .set("installedAt", .int(Int(Date().timeIntervalSince1970)))])
        return (prefs.stringForKey("id") ?? id, true)
    }

    /// Whole days since the client id was created.
    public var daysSinceInstall: Int {
        guard let installed = prefs.intForKey("installedAt") else { return 0 }
        return max(0, (Int(Date().timeIntervalSince1970) - installed) / 86_400)
    }

    /// When the client id was created.
    public var installedAt: Int? { prefs.intForKey("installedAt") }

    /// When the app was last updated, as the SDK's `get_update_date` decides it: an update is
    /// the app version differing from the one stored at the last evaluation (a first run with a
    /// version counts as one); the writes that record it are returned, for the caller to apply
    /// when the evaluation is for real. Without a version the stored date stands, and without
    /// either it is now, as in the SDK.
    public func update(appVersion: String?, now: Int) -> (updatedAt: Int, changes: [PrefChange]) {
        let writes: [PrefChange] = appVersion.map { [.set("appVersion", .string($0)), .set("updatedAt", .int(now))] } ?? []
        switch (prefs.stringForKey("appVersion"), appVersion, prefs.intForKey("updatedAt")) {
        case (let stored?, let current?, let date?) where stored == current: return (date, [])
        case (let stored?, let current?, _) where stored != current: return (now, writes)
        case (nil, .some, _): return (now, writes)
        case (_, _, let date?): return (date, [])
        default: return (now, [])
        }
    }

    /// The enrollments the last evaluation left; entries this version cannot read are left out.
    public var enrollments: [StoredEnrollment] { readEnrollments().enrollments }

    /// The stored enrollments as read, and whether the stored text held exactly these (it was
    /// there, and every entry of it could be read).
    public struct EnrollmentsRead: Sendable {
        public var enrollments: [StoredEnrollment]
        public var isWhole: Bool
    }

    /// `enrollments`, with whether they are all the store holds: what `changes(keeping:read:)`
    /// compares the next evaluation's enrollments with.
    public func readEnrollments() -> EnrollmentsRead {
        guard let text = prefs.stringForKey("enrollments"), let json = try? JSONParser.parse(text), let entries = json.arrayValue else {
            return EnrollmentsRead(enrollments: [], isWhole: false)
        }
        let enrollments = entries.compactMap(StoredEnrollment.init(json:))
        return EnrollmentsRead(enrollments: enrollments, isWhole: enrollments.count == entries.count)
    }

    /// The write that keeps `enrollments`, or none when they are what is stored already (so a
    /// menu that evaluates again on every change of the store does not write one of its own).
    public func changes(keeping enrollments: [StoredEnrollment]) -> [PrefChange] {
        let text = JSONValue.array(enrollments.map(\.json)).compactText
        return prefs.stringForKey("enrollments") == text ? [] : [.set("enrollments", .string(text))]
    }

    /// `changes(keeping:)` after this evaluation started from `earlier` (`readEnrollments()`):
    /// enrollments equal to a whole read are what is stored, so they are not written out as text
    /// again to be compared (a thousand of them cost a millisecond at every start of the menu).
    public func changes(keeping enrollments: [StoredEnrollment], read earlier: EnrollmentsRead) -> [PrefChange] {
        earlier.isWhole && earlier.enrollments == enrollments ? [] : changes(keeping: enrollments)
    }

    /// Forgets the enrollments kept between evaluations, so the next one decides every record as
    /// for a new device with the same id: what the SDK's `reset_enrollments` does for testing
    /// (application-services `components/nimbus/src/stateful/nimbus_client.rs`). The id, the
    /// install time, the opt-outs and every debug override stay.
    public func resetEnrollments() throws {
        try prefs.apply([.remove("enrollments")])
    }

    /// Applies the writes of one evaluation, in one transaction.
    public func record(_ changes: [PrefChange]) throws {
        guard !changes.isEmpty else { return }
        try prefs.apply(changes)
    }

    /// The store key of `pool`'s opt-out, with its branch: `nimbus.experimentsOptOut`.
    public static func optOutKey(_ pool: Pool) -> String { "nimbus." + pool.key }

    public func isOptedOut(of pool: Pool) -> Bool { prefs.boolForKey(pool.key) ?? false }

    public func setOptOut(_ pool: Pool, _ optedOut: Bool) throws {
        try prefs.setBool(optedOut, forKey: pool.key)
    }
}
