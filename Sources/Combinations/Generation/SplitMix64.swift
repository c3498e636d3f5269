/// The generator's source of random choices: SplitMix64 (Steele, Lea, Flood 2014), seeded, so the
/// same model gives the same rows on every platform and in every run, and shards of one matrix
/// agree on its rows. Never the C library's `rand()`, whose sequence differs between platforms
/// (the reason PICT's row counts differ between Linux and Windows).
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `0..<bound`, by Lemire's multiply-shift (the tiny bias does not matter here,
    /// and the same arithmetic runs everywhere).
    mutating func below(_ bound: Int) -> Int {
        precondition(bound > 0)
        return Int(next().multipliedFullWidth(by: UInt64(bound)).high)
    }

    /// True with probability `numerator / denominator`.
    mutating func chance(_ numerator: Int, in denominator: Int) -> Bool {
        below(denominator) < numerator
    }

    /// The elements in a random order (Fisher–Yates with this generator).
    mutating func shuffled<T>(_ elements: [T]) -> [T] {
        var result = elements
        if result.count > 1 {
            for index in stride(from: result.count - 1, to: 0, by: -1) { result.swapAt(index, below(index + 1)) }
        }
        return result
    }
}
