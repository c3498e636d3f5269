#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Prefs

/// The Nimbus client's own state, kept in the app's store under the `nimbus.` branch: its stable
/// id, when it was first seen (for `days_since_install`), and the two participation opt-outs.
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

    public func isOptedOut(of pool: Pool) -> Bool { prefs.boolForKey(pool.key) ?? false }

    public func setOptOut(_ pool: Pool, _ optedOut: Bool) throws {
        try prefs.setBool(optedOut, forKey: pool.key)
    }
}
