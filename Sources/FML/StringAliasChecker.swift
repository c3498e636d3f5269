import Formats
/// Checks that every value written for a string alias in a feature's value is one that the
/// alias's declaring variable lists, as nimbus-fml's defaults validator does
/// (`defaults/validator.rs`, `validate_string_aliases`): a `captain` of type `PlayerName` must be
/// a key of the `player-availability` map that declares `PlayerName`.
///
/// The declaring variable lists an alias's values as the keys of a `Map<Alias, T>`, the items of
/// a `List<Alias>`, or its own `Alias` string, also inside an `Option` or under the values of
/// a map or list.
///
/// ```swift
/// StringAliasChecker(objects: objects).problems(in: value, of: feature)
/// // ["'captain' is 'Zed', which is not one of the PlayerName values that 'player-availability' lists"]
/// ```
struct StringAliasChecker {
    let objects: [String: ObjectDefinition]

    /// The problems in `value`, a complete value of `feature`, each a sentence.
    func problems(in value: JSONValue, of feature: FeatureDefinition) -> [String] {
        var valid: [String: (variable: String, values: Set<String>)] = [:]
        for variable in feature.variables {
            guard let alias = variable.stringAlias, let written = value[variable.name] else { continue }
            var values: Set<String> = []
            Self.collect(alias, in: written, as: variable.type, into: &values)
            valid[alias] = (variable.name, values)
        }
        guard !valid.isEmpty else { return [] }
        var problems: [String] = []
        for variable in feature.variables {
            guard let written = value[variable.name] else { continue }
            check(written, as: variable.type, at: variable.name, valid: valid, problems: &problems)
        }
        return problems
    }

    /// The values `type` lists for `alias` in `value`.
    private static func collect(_ alias: String, in value: JSONValue, as type: FMLType, into values: inout Set<String>) {
        switch (type, value) {
        case (.stringAlias(let name), .string(let text)) where name == alias:
            values.insert(text)
        case (.option(let inner), _):
            collect(alias, in: value, as: inner, into: &values)
        case (.list(let inner), .array(let items)):
            for item in items { collect(alias, in: item, as: inner, into: &values) }
        case (.map(let key, let inner), .object(let entries)):
            if case .stringAlias(let name) = key, name == alias { values.formUnion(entries.keys) }
            for item in entries.values { collect(alias, in: item, as: inner, into: &values) }
        default:
            break
        }
    }

    private func check(_ value: JSONValue, as type: FMLType, at path: String,
                       valid: [String: (variable: String, values: Set<String>)], problems: inout [String]) {
        switch (type, value) {
        case (.stringAlias(let alias), .string(let text)):
            if let known = valid[alias], !known.values.contains(text) {
                problems.append("'\(path)' is '\(text)', which is not one of the \(alias) values that '\(known.variable)' lists")
            }
        case (.option(let inner), _):
            if value != .null { check(value, as: inner, at: path, valid: valid, problems: &problems) }
        case (.list(let inner), .array(let items)):
            for (index, item) in items.enumerated() { check(item, as: inner, at: "\(path)[\(index)]", valid: valid, problems: &problems) }
        case (.map(let key, let inner), .object(let entries)):
            for name in entries.keys.sorted() {
                if case .stringAlias(let alias) = key, let known = valid[alias], !known.values.contains(name) {
                    problems.append("'\(path)' has the key '\(name)', which is not one of the \(alias) values that '\(known.variable)' lists")
                }
                check(entries[name]!, as: inner, at: "\(path).\(name)", valid: valid, problems: &problems)
            }
        case (.object(let name), .object(let entries)):
            for field in objects[name]?.fields ?? [] {
                guard let item = entries[field.name] else { continue }
                check(item, as: field.type, at: "\(path).\(field.name)", valid: valid, problems: &problems)
            }
        default:
            break
        }
    }
}
