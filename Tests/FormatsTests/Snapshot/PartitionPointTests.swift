import Testing

@Suite struct PartitionPointTests {
    @Test func findsTheFirstElementOfTheSecondPartAtEverySize() {
        for count in 0...9 {
            let sorted = (0..<count).map { $0 * 2 }  // 0, 2, 4, ...
            for needle in -1...(2 * count) {
                let expected = sorted.firstIndex { $0 >= needle } ?? sorted.endIndex
                #expect(sorted.partitionPoint { $0 >= needle } == expected, "\(needle) in \(sorted)")
            }
        }
    }

    @Test func worksOnSlicesWhoseIndicesDoNotStartAtZero() {
        let slice = [1, 3, 5, 7, 9][2...]
        #expect(slice.partitionPoint { $0 >= 7 } == 3)
        #expect(slice.partitionPoint { $0 >= 100 } == slice.endIndex)
    }
}
