/// Finds the name closest to a mistyped one, for "did you mean …?" suggestions.
///
/// A name that starts with what was typed wins (a shortened id); otherwise the edit distance on
/// lowercased names decides, counting two swapped neighbors as one edit (`lsit`, `langauge`),
/// and a suggestion is offered only when it is plausibly a typo: one edit in a name of up to
/// four characters, else at most a third of its length and at least 2. So `foo` suggests nothing
/// rather than `log`, which shares one letter with it.
///
/// It lives here, below the Nimbus logic and the library, so that every layer that refuses a
/// word from a list (an FML enum's variants, a targeting identifier, a command) suggests the
/// same way.
///
/// ```swift
/// NearestName.find("tranlsation", among: ["translation", "search"])   // "translation"
/// NearestName.find("foo", among: ["log", "list"])                     // nil
/// ```
public enum NearestName {
    public static func find(_ name: String, among candidates: some Collection<String>) -> String? {
        let lowered = name.lowercased()
        if lowered.count >= 3, let prefixed = candidates.filter({ $0.lowercased().hasPrefix(lowered) }).min(by: { $0.count < $1.count }) {
            return prefixed
        }
        let target = Array(lowered)
        let limit = target.count <= 4 ? 1 : max(2, target.count / 3)
        var best: (name: String, distance: Int)?
        for candidate in candidates {
            let distance = editDistance(target, Array(candidate.lowercased()))
            if distance <= limit, distance < (best?.distance ?? .max) { best = (candidate, distance) }
        }
        return best?.name
    }

    /// " (did you mean 'x'?)" for the nearest of `candidates`, or "" when none is near, for a
    /// message that lists the valid words anyway.
    public static func suggestion(for name: String, among candidates: some Collection<String>, quote: String = "'") -> String {
        find(name, among: candidates).map { " (did you mean \(quote)\($0)\(quote)?)" } ?? ""
    }

    /// The optimal string alignment distance: insertions, deletions, substitutions and swaps of
    /// two neighbors, each one edit.
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var beforePrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], beforePrevious[j - 2] + 1)
                }
            }
            (beforePrevious, previous, current) = (previous, current, beforePrevious)
        }
        return previous[b.count]
    }
}
