import Formats

/// One difference between the good and the bad state of `flags bisect`: a flag override, a
/// user or typed preference, a forced branch or one feature variable, with its value in each
/// state (nil: not set there). Bisection applies a subset of these, at their bad values, on top
/// of the good state.
///
/// ```swift
/// let unit = BisectUnit(kind: .override, id: "tipJar", good: nil, bad: "on")
/// unit.label   // "tipJar=on"
/// ```
public struct BisectUnit: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        case override
        case userPreference
        case typedPreference
        case forcedBranch
        /// `id` is `FEATURE.VARIABLE`.
        case featureVariable
    }

    public var kind: Kind
    public var id: String
    /// The value in the good state, in words (`on`, `always`, `treatment`, compact JSON for a
    /// variable); nil when the good state does not set it.
    public var good: String?
    public var bad: String?

    public init(kind: Kind, id: String, good: String?, bad: String?) {
        self.kind = kind
        self.id = id
        self.good = good
        self.bad = bad
    }

    /// The name a report uses: the flag, preference, experiment or variable (`spice-level`).
    /// `qualified` keeps a variable's feature (`bibimbap-feature.spice-level`), for when two
    /// features have a variable of the same name.
    public func name(qualified: Bool = false) -> String {
        switch kind {
        case .override, .typedPreference: id
        case .userPreference: "\(id) preference"
        case .forcedBranch: "experiment \(id)"
        case .featureVariable: qualified ? id : String(id.split(separator: ".", maxSplits: 1).last ?? Substring(id))
        }
    }

    /// The unit at its bad value, as a person reads it: `tipJar=on`, `spice-level=5`,
    /// `experiment new-menu-test=treatment`, `tipJar=(not set)`.
    public var label: String { label(qualified: false) }

    public func label(qualified: Bool) -> String {
        "\(name(qualified: qualified))=\(Self.shown(bad))"
    }

    /// A value as a report shows it: a JSON string without its quotes; nil as `(not set)`.
    public static func shown(_ value: String?) -> String {
        guard let value else { return "(not set)" }
        if value.hasPrefix("\""), let json = try? JSONParser.parse(value), let text = json.stringValue { return text }
        return value
    }

    /// Labels for a list of units, qualifying a variable only where its short name is shared.
    public static func labels(_ units: [BisectUnit], among all: [BisectUnit]) -> [String] {
        let names = Dictionary(grouping: all, by: { $0.name() }).filter { $0.value.count > 1 }.keys
        return units.map { $0.label(qualified: names.contains($0.name())) }
    }
}
