import Testing
@testable import Combinations

@Suite struct SplitMix64Tests {
    @Test func theSequenceIsTheReferenceOne() {
        // The first outputs of SplitMix64 seeded with 0 (Vigna's reference splitmix64.c).
        var random = SplitMix64(seed: 0)
        #expect([random.next(), random.next(), random.next()] == [0xE220_A839_7B1D_CDAF, 0x6E78_9E6A_A1B9_65F4, 0x06C4_5D18_8009_454F])
    }

    @Test func boundedNumbersStayBelowTheBound() {
        var random = SplitMix64(seed: 42)
        for bound in 1...50 {
            for _ in 0..<20 { #expect(random.below(bound) < bound) }
        }
        #expect(Set(random.shuffled(Array(0..<10))) == Set(0..<10))
    }
}
