/// Zeller and Hildebrandt's ddmin ("Simplifying and Isolating Failure-Inducing Input", 2002):
/// from a set of changes whose whole fails, a subset that still fails and from which no single
/// change can be taken away (1-minimal), so an interaction of two or three changes is found as
/// such, where a binary search would blame one.
///
/// The test is asked about subsets of `0..<count` (sorted); each subset is asked at most once.
/// In the worst case ddmin asks count² + 3·count times; for one culprit or a pair among ten it
/// asks about a dozen.
///
/// ```swift
/// let found = try DeltaDebugging.minimize(count: 10) { subset in subset.contains(2) && subset.contains(7) }
/// found   // [2, 7]
/// ```
public enum DeltaDebugging {
    /// The most tests ddmin can ask for `count` changes (Zeller's bound): count² + 3·count.
    public static func worstCaseTests(count: Int) -> Int { count * count + 3 * count }

    /// A 1-minimal failing subset of `0..<count`, whose whole is known to fail (it is not asked).
    /// `fails` returns whether the command fails with that subset of changes applied.
    public static func minimize<E: Error>(count: Int, fails: ([Int]) throws(E) -> Bool) throws(E) -> [Int] {
        var cache: [[Int]: Bool] = [Array(0..<count): true]
        func test(_ subset: [Int]) throws(E) -> Bool {
            if let known = cache[subset] { return known }
            let answer = try fails(subset)
            cache[subset] = answer
            return answer
        }
        var current = Array(0..<count)
        var granularity = 2
        while current.count >= 2 {
            let parts = split(current, into: granularity)
            var reduced = false
            for part in parts where try test(part) {
                current = part
                granularity = 2
                reduced = true
                break
            }
            // With two parts, each complement is the other part, already asked.
            if !reduced && granularity > 2 {
                for part in parts {
                    let complement = current.filter { !part.contains($0) }
                    if try test(complement) {
                        current = complement
                        granularity = max(granularity - 1, 2)
                        reduced = true
                        break
                    }
                }
            }
            if !reduced {
                if granularity >= current.count { break }
                granularity = min(current.count, granularity * 2)
            }
        }
        return current
    }

    /// `items` cut into `parts` runs of nearly equal length, in order.
    static func split(_ items: [Int], into parts: Int) -> [[Int]] {
        var result: [[Int]] = []
        var start = 0
        for index in 0..<parts {
            let end = start + (items.count - start) / (parts - index)
            result.append(Array(items[start..<end]))
            start = end
        }
        return result.filter { !$0.isEmpty }
    }
}
