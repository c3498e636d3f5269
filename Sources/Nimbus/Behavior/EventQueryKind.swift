/// The five questions targeting can ask the event store, by the transform that asks them.
///
/// Over the requested buckets (`'e' | eventSum('Days', 7, 0)`: days 0 to 6, 0 being today):
/// `eventSum` adds them, `eventCountNonZero` counts those above zero, `eventAveragePerInterval`
/// divides the sum by the number of buckets asked for (even when fewer exist),
/// `eventAveragePerNonZeroInterval` divides it by the non-zero ones (0 when there are none), and
/// `eventLastSeen` is the position of the first non-zero bucket counted from the starting
/// bucket. An event never recorded (or a starting bucket past those kept) answers 0, and
/// `eventLastSeen` answers the largest double (`1.7976931348623157e308`), as in the SDK.
public enum EventQueryKind: String, Sendable, CaseIterable, Hashable {
    case sum = "eventSum"
    case countNonZero = "eventCountNonZero"
    case averagePerInterval = "eventAveragePerInterval"
    case averagePerNonZeroInterval = "eventAveragePerNonZeroInterval"
    case lastSeen = "eventLastSeen"

    /// What the SDK answers when there is nothing to count.
    public var valueWhenAbsent: Double {
        self == .lastSeen ? .greatestFiniteMagnitude : 0
    }

    func perform(_ buckets: ArraySlice<UInt64>, requested: Int) -> Double? {
        switch self {
        case .sum:
            return Double(Self.sum(buckets))
        case .countNonZero:
            return Double(buckets.count { $0 > 0 })
        case .averagePerInterval:
            let average = Double(Self.sum(buckets)) / Double(requested)
            return average.isNaN ? nil : average
        case .averagePerNonZeroInterval:
            let nonZero = buckets.count { $0 > 0 }
            return nonZero == 0 ? 0 : Double(Self.sum(buckets)) / Double(nonZero)
        case .lastSeen:
            guard let index = buckets.firstIndex(where: { $0 > 0 }) else { return .greatestFiniteMagnitude }
            return Double(index - buckets.startIndex)
        }
    }

    private static func sum(_ buckets: ArraySlice<UInt64>) -> UInt64 {
        buckets.reduce(0, &+)
    }
}
