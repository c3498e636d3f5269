/// A small seeded random number generator (SplitMix64), so every fuzz input can be made again
/// from its seed and index.
///
/// ```swift
/// var random = SeededRandom(seed: 42)
/// Int.random(in: 0..<10, using: &random)   // the same number on every run
/// ```
public struct SeededRandom: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    /// The generator for input `index` of a run seeded with `seed`: inputs do not depend on
    /// each other, so one of them can be replayed alone.
    public init(seed: UInt64, index: Int) {
        var mixer = SeededRandom(seed: seed ^ (UInt64(truncatingIfNeeded: index) &* 0xD1B5_4A32_D192_ED03))
        state = mixer.next()
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
