import FML
import Formats

/// Everything the registry says about one flag: where its value comes from and how it is shown.
///
/// Use it through `FeatureFlagID`; build one by hand only in tests.
///
/// ```swift
/// FeatureFlagDefinition(id: "translation", nimbus: .init(feature: "translations-feature", variable: "enabled"),
///                       debug: .init(title: "Translations", status: "Translate pages"))
/// ```
public final class FeatureFlagDefinition: Sendable {
    /// The Nimbus feature variable a flag reads: a `Boolean` variable of a manifest feature.
    public struct NimbusVariable: Sendable, Hashable {
        public var feature: String
        public var variable: String
        public init(feature: String, variable: String) {
            self.feature = feature
            self.variable = variable
        }
    }

    /// The title and status text of the flag's row in the debug menu.
    public struct DebugRow: Sendable, Hashable {
        public var title: String
        public var status: String
        public init(title: String, status: String) {
            self.title = title
            self.status = status
        }
    }

    /// Everything but the id.
    struct Details: Sendable {
        var nimbus: NimbusVariable?
        var debug: DebugRow?
        var userPrefsKey: String?
        var fallback: Bool?
        var location: YAMLMark?
        /// The manifest feature `nimbus` names, found when the registry was checked against the
        /// manifest; nil for a flag made in code or read from a snapshot, whose feature is
        /// looked up by its id.
        var feature: FeatureHandle?
    }

    public let id: String
    public var nimbus: NimbusVariable? { table.map { $0[tableIndex].nimbus } ?? whole!.nimbus }
    /// Present when the flag has a `debugKey` and a row in the debug menu.
    public var debug: DebugRow? { table.map { $0[tableIndex].debug } ?? whole!.debug }
    /// The debug row's title alone, and whether there is a row: what sorting and keying every
    /// flag of a large registry read, without copying the row's status text for each.
    var debugTitle: String? { table.map { $0[tableIndex].debug?.title } ?? whole?.debug?.title }
    var hasDebugRow: Bool { table.map { $0[tableIndex].debug != nil } ?? (whole?.debug != nil) }
    public var userPrefsKey: String? { table.map { $0[tableIndex].userPrefsKey } ?? whole!.userPrefsKey }
    /// The hard-coded value used when the flag is not Nimbus-configured, or declared as a fallback.
    public var fallback: Bool? { table.map { $0[tableIndex].fallback } ?? whole!.fallback }
    /// Where the flag (its id) is written in the registry, when it was read from one; nil for a
    /// definition made in code (generated Swift, tests).
    public var location: YAMLMark? { table.map { $0[tableIndex].location } ?? whole!.location }
    /// The feature `nimbus` names, when the registry's check found it.
    var feature: FeatureHandle? { whole?.feature }

    /// The details, whole, or read from the registry's snapshot when first asked for: a start of a
    /// 10,000-flag menu reads the details of the flags on screen, not of every flag. Two stored
    /// properties rather than an enum, so that reading one field does not copy all the others.
    private let whole: Details?
    private let table: FlagDetailsTable?
    private let tableIndex: Int

    public convenience init(id: String, nimbus: NimbusVariable? = nil, debug: DebugRow? = nil, userPrefsKey: String? = nil, fallback: Bool? = nil,
                            location: YAMLMark? = nil) {
        self.init(id: id, nimbus: nimbus, feature: nil, debug: debug, userPrefsKey: userPrefsKey, fallback: fallback, location: location)
    }

    /// A flag of a registry checked against its manifest, with the feature it reads.
    init(id: String, nimbus: NimbusVariable?, feature: FeatureHandle?, debug: DebugRow?, userPrefsKey: String?, fallback: Bool?,
         location: YAMLMark?) {
        self.id = id
        whole = Details(nimbus: nimbus, debug: debug, userPrefsKey: userPrefsKey, fallback: fallback, location: location, feature: feature)
        table = nil
        tableIndex = 0
    }

    /// A flag whose details are decoded from a snapshot when first read.
    init(id: String, detailsIn table: FlagDetailsTable, at index: Int) {
        self.id = id
        whole = nil
        self.table = table
        tableIndex = index
    }
}
