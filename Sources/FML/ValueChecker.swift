import Platform
import Formats

/// Checks JSON values against FML types and fills in object field defaults.
///
/// Shared by manifest loading (defaults must have the declared types) and by
/// `FeatureManifest.typeProblems` (experiment values must too), so both agree on what is valid.
struct ValueChecker: Sendable {
    let enums: [String: EnumDefinition]
    let objects: [String: ObjectDefinition]

    /// Deeper than any real manifest nests; stops completion of an object that contains itself.
    private static let maximumDepth = 64

    /// The problems of a whole feature value against `feature`'s variables. With `partial`,
    /// variables and object fields may be missing (they come from the defaults).
    func problems(inFeatureValue value: JSONValue, of feature: FeatureDefinition, partial: Bool) -> [TypeProblem] {
        guard case .object(let members) = value else {
            return [TypeProblem(steps: [], message: "expected an object of the variables of feature '\(feature.id)', found \(value.kindName)")]
        }
        var problems: [TypeProblem] = []
        // Sorted only when there is something to report: checking 100,000 defaults sorted keys
        // that were all fine.
        for key in members.keys.filter({ feature.variable($0) == nil }).sorted() {
            problems.append(TypeProblem(
                steps: [.key(key)],
                message: "unknown variable '\(key)' of feature '\(feature.id)'\(Self.hint(key, among: feature.variables.map(\.name))); "
                    + "expected one of: \(feature.variables.map(\.name).joined(separator: ", "))",
                isAboutKey: true))
        }
        for variable in feature.variables {
            if let member = members[variable.name] {
                // A scalar that fits needs no path to report from: most variables of most
                // features, checked for every default block and channel.
                if Self.scalarFits(member, variable.type) == true { continue }
                problems += self.problems(in: member, as: variable.type, at: [.key(variable.name)], partial: partial)
            } else if !partial {
                problems.append(TypeProblem(steps: [.key(variable.name)], message: "missing variable '\(variable.name)' of feature '\(feature.id)'"))
            }
        }
        return problems
    }

    /// Whether `value` fits a scalar `type` (as `problems` decides it), or nil for a type that
    /// is not a plain scalar.
    private static func scalarFits(_ value: JSONValue, _ type: FMLType) -> Bool? {
        switch type {
        case .boolean: value.boolValue != nil
        case .int: value.intValue != nil
        case .string, .text, .image, .stringAlias: value.stringValue != nil
        case .enumeration, .option, .list, .map, .object: nil
        }
    }

    /// The problems of `value` read as `type`; paths start at `path`.
    func problems(in value: JSONValue, as type: FMLType, at path: [TypeProblem.Step], partial: Bool) -> [TypeProblem] {
        func mismatch(_ expected: String) -> [TypeProblem] {
            [TypeProblem(steps: path, message: "expected \(expected), found \(value.kindName)")]
        }
        switch type {
        case .boolean:
            return value.boolValue == nil ? mismatch("Boolean") : []
        case .int:
            return value.intValue == nil ? mismatch("Int") : []
        case .string, .text, .image, .stringAlias:
            return value.stringValue == nil ? mismatch(type.description) : []
        case .enumeration(let name):
            guard let string = value.stringValue else { return mismatch("\(name) (a string)") }
            return variantProblem(string, of: name, at: path, isAboutKey: false).map { [$0] } ?? []
        case .option(let inner):
            return value == .null ? [] : problems(in: value, as: inner, at: path, partial: partial)
        case .list(let inner):
            guard let items = value.arrayValue else { return mismatch(type.description) }
            return items.enumerated().flatMap { index, item in
                problems(in: item, as: inner, at: path + [.index(index)], partial: partial)
            }
        case .map(let keyType, let valueType):
            guard let members = value.objectValue else { return mismatch("\(type) (an object)") }
            var problems: [TypeProblem] = []
            for key in members.keys.sorted() {
                if case .enumeration(let name) = keyType,
                   let problem = variantProblem(key, of: name, at: path + [.key(key)], isAboutKey: true) {
                    problems.append(problem)
                }
                problems += self.problems(in: members[key]!, as: valueType, at: path + [.key(key)], partial: partial)
            }
            return problems
        case .object(let name):
            guard let members = value.objectValue else { return mismatch("object \(name)") }
            guard let object = objects[name] else { return [TypeProblem(steps: path, message: "undeclared object \(name)")] }
            var problems: [TypeProblem] = []
            for key in members.keys.sorted() where object.field(key) == nil {
                problems.append(TypeProblem(
                    steps: path + [.key(key)],
                    message: "unknown field '\(key)' of object \(name)\(Self.hint(key, among: object.fields.map(\.name))); "
                        + "expected one of: \(object.fields.map(\.name).joined(separator: ", "))",
                    isAboutKey: true))
            }
            for field in object.fields {
                if let member = members[field.name] {
                    problems += self.problems(in: member, as: field.type, at: path + [.key(field.name)], partial: partial)
                } else if !partial {
                    problems.append(TypeProblem(steps: path + [.key(field.name)], message: "missing field '\(field.name)' of object \(name)"))
                }
            }
            return problems
        }
    }

    private func variantProblem(_ string: String, of name: String, at path: [TypeProblem.Step], isAboutKey: Bool) -> TypeProblem? {
        guard let definition = enums[name] else { return TypeProblem(steps: path, message: "undeclared enum \(name)") }
        guard !definition.variants.contains(string) else { return nil }
        return TypeProblem(
            steps: path,
            message: "expected one of \(definition.variants.joined(separator: ", ")) (enum \(name)), found \"\(string)\"\(Self.hint(string, among: definition.variants))",
            isAboutKey: isAboutKey)
    }

    /// " (did you mean 'x'?)" when a valid word is near the one found, else nothing.
    private static func hint(_ found: String, among names: [String]) -> String {
        NearestName.find(found, among: names).map { " (did you mean '\($0)'?)" } ?? ""
    }

    /// `value` with every object inside it completed from its object's field defaults: what the
    /// app sees, since generated code fills missing fields the same way. Idempotent.
    func complete(_ value: JSONValue, as type: FMLType, depth: Int = 0) -> JSONValue {
        guard depth < Self.maximumDepth else { return value }
        switch type {
        case .object(let name):
            guard let object = objects[name], case .object(let members) = value else { return value }
            var completed: [String: JSONValue] = members
            for field in object.fields {
                let merged = members[field.name].map { field.defaultValue.merging($0) } ?? field.defaultValue
                completed[field.name] = complete(merged, as: field.type, depth: depth + 1)
            }
            return .object(completed)
        case .option(let inner):
            return value == .null ? value : complete(value, as: inner, depth: depth + 1)
        case .list(let inner):
            guard let items = value.arrayValue else { return value }
            return .array(items.map { complete($0, as: inner, depth: depth + 1) })
        case .map(_, let valueType):
            guard let members = value.objectValue else { return value }
            return .object(members.mapValues { complete($0, as: valueType, depth: depth + 1) })
        case .boolean, .int, .string, .text, .image, .enumeration, .stringAlias:
            return value
        }
    }

    /// A whole feature value completed variable by variable.
    func complete(featureValue value: JSONValue, of feature: FeatureDefinition) -> JSONValue {
        // Only variables that hold objects can change: a value of scalars is returned as it is,
        // sharing its storage rather than copied for writes that change nothing.
        guard case .object(var members) = value, feature.variables.contains(where: { Self.mayComplete($0.type) }) else { return value }
        for variable in feature.variables where Self.mayComplete(variable.type) {
            if let member = members[variable.name] {
                members[variable.name] = complete(member, as: variable.type)
            }
        }
        return .object(members)
    }

    /// Whether `complete` can change a value of `type`: only when an object is inside it.
    static func mayComplete(_ type: FMLType) -> Bool {
        switch type {
        case .object: true
        case .option(let inner), .list(let inner): mayComplete(inner)
        case .map(_, let valueType): mayComplete(valueType)
        case .boolean, .int, .string, .text, .image, .enumeration, .stringAlias: false
        }
    }
}
