import FeatureFlags
/// Every problem found in a saved flag state, with the file it came from.
///
/// ```swift
/// catch let error as SavedStateProblems { print(error) }   // "qa.json: 2 problems, nothing was changed: …"
/// ```
public struct SavedStateProblems: Error, CustomStringConvertible, Sendable {
    public var file: String
    public var problems: [String]

    public var description: String {
        let count = problems.count == 1 ? "1 problem" : "\(problems.count) problems"
        return "\(file): \(count), nothing was changed:\n" + problems.map { "  - \($0)" }.joined(separator: "\n")
    }
}
