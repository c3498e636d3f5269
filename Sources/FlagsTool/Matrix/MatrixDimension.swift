import FeatureFlags
import FML
import Formats
import Nimbus
import Platform
import Prefs

/// One thing `flags matrix` varies, with the values it takes, resolved from the registry, the
/// manifest and the experiment records:
///
/// - a Boolean flag id (`tipJar`): `on`, `off`, set as its debug override;
/// - `FEATURE.VARIABLE`: an enum variable's variants, a Boolean's `true`, `false`, or for any
///   other type the values given (`bibimbap-feature.spice-level=1,3,5`), each checked against
///   the manifest as `flags feature set` checks it, set as a feature override;
/// - an experiment or rollout slug: each branch, forced as `flags enroll` forces it, and
///   `not-forced` (no forced branch: the record's own targeting and bucketing decide);
/// - a typed preference id (`startAtHome`): each value, stored as `flags pref set` stores it;
/// - `locale=en-US,de-DE`, the targeting attribute: each value (always given), which the command
///   receives as its `LC_ALL` and `LANG` (`de_DE.UTF-8`), from which every `flags` and the app
///   derive the locale targeting reads; the store is not written.
///
/// A value list after `=` narrows any dimension (`new-menu-test=treatment,not-forced`).
///
/// ```swift
/// let spice = try MatrixDimension.resolve("bibimbap-feature.spice-level=1,3,5", in: environment)
/// spice.values   // ["1", "3", "5"]
/// let changes = MatrixDimension.changes(for: [(spice, 1)], in: environment)   // spice-level 3
/// ```
public struct MatrixDimension: Sendable, Hashable {
    /// Where a dimension's value is stored.
    public enum Kind: Sendable, Hashable {
        case flag(debugKey: String)
        case featureVariable(feature: String, variable: String, values: [JSONValue])
        case experiment(slug: String, features: [String])
        /// A typed preference: the user's choice, stored under its `userPrefsKey`.
        case preference(key: String)
        /// The client's locale targeting reads, given to the command's environment.
        case locale
    }

    /// The name of the locale dimension.
    public static let localeName = "locale"

    /// The variables of the command's environment that give it the locale `value` (`de-DE`):
    /// `LC_ALL` and `LANG` as a POSIX locale (`de_DE.UTF-8`), from which the locale is read.
    public static func localeEnvironment(_ value: String) -> [String: String] {
        let posix = String(value.map { $0 == "-" ? "_" : $0 }) + ".UTF-8"
        return ["LC_ALL": posix, "LANG": posix]
    }

    /// The value of an experiment dimension that forces no branch.
    public static let notForced = "not-forced"

    /// The name in the model, the constraints and `FLAGS_COMBINATION`: the id as given.
    public let name: String
    public let kind: Kind
    /// The value names, in the order the model lists them.
    public let values: [String]

    /// A flag's on/off: results keep JSON booleans for these, as Boolean matrices always wrote.
    public var isBooleanFlag: Bool { if case .flag = kind { true } else { false } }

    /// Whether the dimension forces an experiment's branch.
    public var isExperiment: Bool { if case .experiment = kind { true } else { false } }

    /// Whether the dimension writes a user's choice, which the journal then saves and restores too.
    public var isPreference: Bool { if case .preference = kind { true } else { false } }

    /// Whether the dimension is the client's locale, which the command's environment carries.
    public var isLocale: Bool { if case .locale = kind { true } else { false } }

    public init(name: String, kind: Kind, values: [String]) {
        self.name = name
        self.kind = kind
        self.values = values
    }

    /// The dimension `argument` names (`ID`, `FEATURE.VARIABLE`, `SLUG`, each with an optional
    /// `=V1,V2,...`), or why it names none, with the nearest name.
    public static func resolve(_ argument: String, in environment: FlagsEnvironment) throws(MatrixDimensionError) -> MatrixDimension {
        let parts = argument.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        let id = String(parts[0])
        let given: [String]? = parts.count > 1
            ? parts[1].split(separator: ",").map { String(String($0.drop(while: \.isWhitespace).reversed()).drop(while: \.isWhitespace).reversed()) }.filter { !$0.isEmpty } : nil
        if let given, given.isEmpty { throw MatrixDimensionError("`\(argument)`: give the values after `=`, separated by commas") }
        if let given, Set(given).count != given.count { throw MatrixDimensionError("`\(argument)`: a value is given twice") }
        let registry = environment.registry
        if let flag = registry.flagIfPresent(id) {
            guard let key = flag.debugKey else { throw MatrixDimensionError(FeatureFlagError.notDebuggable(flag.rawValue).description) }
            let values = try narrowed(["on", "off"], to: given, of: id)
            return MatrixDimension(name: id, kind: .flag(debugKey: key), values: values)
        }
        if let preference = registry.preferences.first(where: { $0.id == id }) {
            let values = try narrowed(preference.variants, to: given, of: id)
            return MatrixDimension(name: id, kind: .preference(key: preference.userPrefsKey), values: values)
        }
        let manifest = registry.manifest
        if let dot = id.firstIndex(of: "."), manifest.hasFeature(String(id[..<dot])) {
            let feature = String(id[..<dot]), variableName = String(id[id.index(after: dot)...])
            guard let definition = manifest.feature(feature), let variable = definition.variable(variableName) else {
                let names = manifest.feature(feature)?.variables.map(\.name) ?? []
                let hint = NearestName.find(variableName, among: names).map { " (did you mean `\(feature).\($0)`?)" } ?? ""
                throw MatrixDimensionError("feature `\(feature)` has no variable `\(variableName)`\(hint); its variables are \(names.joined(separator: ", "))")
            }
            let all: [String]?
            switch variable.type {
            case .boolean: all = ["true", "false"]
            case .enumeration(let name): all = manifest.enumDefinition(name)?.variants
            default: all = nil
            }
            guard let names = try all.map({ all throws(MatrixDimensionError) in try narrowed(all, to: given, of: id) }) ?? given else {
                throw MatrixDimensionError("`\(id)` is of type \(variable.type): give its values, as in `\(id)=V1,V2,V3`")
            }
            var json: [JSONValue] = []
            for text in names {
                do throws(FeatureValueInput.Refusal) {
                    json.append(try FeatureValueInput.parse(text, variable: variableName, feature: feature, manifest: manifest))
                } catch {
                    throw MatrixDimensionError("`\(id)`: the value `\(text)` does not fit: \(error)")
                }
            }
            return MatrixDimension(name: id, kind: .featureVariable(feature: feature, variable: variableName, values: json), values: names)
        }
        if let record = environment.experiments.records.first(where: { $0.slug == id }) {
            let values = try narrowed(record.branches.map(\.slug) + [notForced], to: given, of: id)
            do throws(ForcingRefusal) {
                for branch in values where branch != notForced {
                    _ = try environment.experiments.recordToForce(id, branch: branch, registryPath: registry.path)
                }
            } catch {
                throw MatrixDimensionError(error.description)
            }
            return MatrixDimension(name: id, kind: .experiment(slug: id, features: record.featureIds), values: values)
        }
        if id == localeName {
            guard let given else { throw MatrixDimensionError("`\(id)`: give the locales, as in `\(id)=en-US,de-DE`") }
            for value in given where !isLocaleTag(value) {
                throw MatrixDimensionError("`\(id)`: `\(value)` is no locale such as `en-US` (letters and digits, parts joined by `-`)")
            }
            return MatrixDimension(name: id, kind: .locale, values: given)
        }
        let candidates = [localeName] + registry.flags.map(\.rawValue) + registry.preferences.map(\.id) + environment.experiments.records.map(\.slug)
            + manifest.featureIDs.flatMap { feature in (manifest.feature(feature)?.variables ?? []).map { "\(feature).\($0.name)" } }
        let hint = NearestName.find(id, among: candidates).map { " (did you mean `\($0)`?)" } ?? ""
        throw MatrixDimensionError("`\(id)` is no flag, preference, FEATURE.VARIABLE, experiment slug or `locale` here\(hint); `flags list`, `flags features` and `flags experiments` list them")
    }

    /// Whether `text` is shaped as a locale tag (`en`, `en-US`, `zh-Hant-TW`), which keeps it
    /// safe in an environment variable and in `FLAGS_COMBINATION`.
    private static func isLocaleTag(_ text: String) -> Bool {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        return parts.allSatisfy { part in (1...8).contains(part.count) && part.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } }
            && parts[0].allSatisfy(\.isLetter)
    }

    /// `all`, or the values of it that were `given`, refusing one it lacks.
    private static func narrowed(_ all: [String], to given: [String]?, of id: String) throws(MatrixDimensionError) -> [String] {
        guard let given else { return all }
        for value in given where !all.contains(value) {
            let hint = NearestName.find(value, among: all).map { " (did you mean `\($0)`?)" } ?? ""
            throw MatrixDimensionError("`\(id)` has no value `\(value)`\(hint); its values are \(all.joined(separator: ", "))")
        }
        return given
    }

    /// The writes (for one transaction) that make `row` (each dimension with the index of its
    /// value) what the store holds. The variables of one feature go into its one override
    /// together, beside the variables of it overridden before the matrix (`kept`).
    public static func changes(for row: [(dimension: MatrixDimension, value: Int)],
                               keeping kept: [String: [String: JSONValue]] = [:]) -> [PrefChange] {
        var changes: [PrefChange] = []
        var features: [String: [String: JSONValue]] = [:]
        var featureOrder: [String] = []
        for (dimension, index) in row {
            switch dimension.kind {
            case .flag(let key):
                changes.append(.set(key, .bool(dimension.values[index] == "on")))
            case .featureVariable(let feature, let variable, let values):
                if features[feature] == nil { features[feature] = kept[feature] ?? [:]; featureOrder.append(feature) }
                features[feature]?[variable] = values[index]
            case .experiment(let slug, _):
                let branch = dimension.values[index]
                changes.append(branch == notForced ? .remove(NimbusOverrideStore.forcedBranchKey(slug))
                               : .set(NimbusOverrideStore.forcedBranchKey(slug), .string(branch)))
            case .preference(let key):
                changes.append(.set(key, .string(dimension.values[index])))
            case .locale:
                break
            }
        }
        for feature in featureOrder {
            changes.append(.set(NimbusOverrideStore.featureOverrideKey(feature), .string(JSONValue.object(features[feature] ?? [:]).compactText)))
        }
        return changes
    }

    /// Pairs of experiment dimensions that share a feature: Nimbus enrolls in one of them only,
    /// so forcing both is no combination the app can be in.
    public static func conflictingExperiments(_ dimensions: [MatrixDimension]) -> [(MatrixDimension, MatrixDimension)] {
        var pairs: [(MatrixDimension, MatrixDimension)] = []
        for (first, a) in dimensions.enumerated() {
            guard case .experiment(_, let featuresA) = a.kind else { continue }
            for b in dimensions[(first + 1)...] {
                guard case .experiment(_, let featuresB) = b.kind, !Set(featuresA).isDisjoint(with: featuresB) else { continue }
                pairs.append((a, b))
            }
        }
        return pairs
    }
}
