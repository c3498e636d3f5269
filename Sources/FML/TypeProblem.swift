/// One way a feature value does not match the Feature Manifest: where, and what was expected.
///
/// Returned by `FeatureManifest.typeProblems(in:forFeature:partial:)`. Use it to reject (or fall
/// back from) an experiment branch value, and to explain why. `variable` is a path from the
/// feature value's root: `enabled`, `card.title`, `items[2]`.
///
/// ```swift
/// for problem in manifest.typeProblems(in: value, forFeature: "homepage", partial: true) {
///     print(problem)  // "enabled: expected Boolean, found string"
/// }
/// ```
public struct TypeProblem: Sendable, Hashable, CustomStringConvertible {
    /// One step into a JSON value.
    enum Step: Sendable, Hashable {
        case key(String)
        case index(Int)
    }

    /// The path of the offending value, `""` for the feature value itself.
    public let variable: String
    public let message: String
    /// The same path, step by step, to find the YAML node that holds the value.
    let steps: [Step]
    /// True when the problem is the key itself (an unknown variable or field), not its value.
    let isAboutKey: Bool

    init(steps: [Step], message: String, isAboutKey: Bool = false) {
        self.steps = steps
        self.message = message
        self.isAboutKey = isAboutKey
        var path = ""
        for step in steps {
            switch step {
            case .key(let key): path += path.isEmpty ? key : ".\(key)"
            case .index(let index): path += "[\(index)]"
            }
        }
        self.variable = path
    }

    public var description: String { variable.isEmpty ? message : "\(variable): \(message)" }
}
