/// How much searching a generation may do, counted in units of work (one tuple counter looked at
/// or changed) rather than in seconds, so the result does not depend on the machine: a faster
/// machine finishes sooner with the same rows. An optional deadline stops earlier on a slow one,
/// at the price of that guarantee.
struct WorkBudget {
    private(set) var remaining: Int
    private let deadline: ContinuousClock.Instant?
    private var checks = 0

    init(units: Int, deadline: ContinuousClock.Instant? = nil) {
        remaining = units
        self.deadline = deadline
    }

    mutating func spend(_ units: Int) {
        remaining -= units
    }

    var isExhausted: Bool {
        mutating get {
            if remaining <= 0 { return true }
            guard let deadline else { return false }
            // Reading the clock costs more than a move; look at it now and then.
            checks += 1
            if checks % 64 == 0, ContinuousClock.now >= deadline { remaining = 0 }
            return remaining <= 0
        }
    }

    /// A part of what remains, for one stage.
    func share(_ fraction: Double) -> Int { Int(Double(max(0, remaining)) * fraction) }

    /// A budget of `units` with the same deadline, for one stage; spend here what it used.
    func part(units: Int) -> WorkBudget { WorkBudget(units: units, deadline: deadline) }
}
