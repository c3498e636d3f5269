/// Finds the name closest to a mistyped one, for "did you mean …?" suggestions.
///
/// A name that starts with what was typed wins (a shortened id); otherwise the Levenshtein edit
/// distance on lowercased names decides, and a suggestion is offered only when it is plausibly a
/// typo (at most a third of the name's length, and at least 2 edits allowed).
///
/// ```swift
/// NearestName.find("tranlsation", among: ["translation", "search"])   // "translation"
/// ```
public enum NearestName {
    public static func find(_ name: String, among candidates: [String]) -> String? {
        let lowered = name.lowercased()
        if lowered.count >= 3, let prefixed = candidates.filter({ $0.lowercased().hasPrefix(lowered) }).min(by: { $0.count < $1.count }) {
            return prefixed
        }
        let target = Array(lowered)
        let limit = max(2, target.count / 3)
        var best: (name: String, distance: Int)?
        for candidate in candidates {
            let distance = editDistance(target, Array(candidate.lowercased()))
            if distance <= limit, distance < (best?.distance ?? .max) { best = (candidate, distance) }
        }
        return best?.name
    }

    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
