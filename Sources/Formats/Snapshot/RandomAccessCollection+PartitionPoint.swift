/// Binary search over sorted tables: the snapshot's feature ids, the registry's flags. A sorted
/// array searched in O(log n) replaces a dictionary that would hash every key at every start.
///
/// ```swift
/// let ids = ["a", "c", "e"]
/// ids.partitionPoint { $0 >= "c" }   // 1
/// ids.partitionPoint { $0 >= "f" }   // 3 (endIndex)
/// ```
extension RandomAccessCollection {
    /// The first index whose element satisfies `isInSecondPart`, for a collection in which every
    /// element that satisfies it comes after every element that does not; `endIndex` when none do.
    public func partitionPoint(where isInSecondPart: (Element) throws -> Bool) rethrows -> Index {
        var low = startIndex
        var count = self.count
        while count > 0 {
            let half = count / 2
            let middle = index(low, offsetBy: half)
            if try isInSecondPart(self[middle]) {
                count = half
            } else {
                low = index(after: middle)
                count -= half + 1
            }
        }
        return low
    }
}
