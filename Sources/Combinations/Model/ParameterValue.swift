/// One value of a ``Parameter``: its names, whether it is a negative (invalid-input) value, and
/// its weight.
///
/// Use it to build a model in code, or read one from ``ModelParser`` (PICT's `Server | Datacenter`,
/// `~-1`, `NTFS (10)`). The first name is the value's own: it decides whether the parameter is
/// numeric, and it is what constraints compare against. The other names are aliases: a seed may
/// use any of them, and the output rotates through all of them, as PICT does, so that each alias
/// is seen in some test.
///
/// ```swift
/// let server = ParameterValue("Server", aliases: ["Datacenter", "Enterprise"])
/// let invalid = ParameterValue("-1", isNegative: true)      // printed as ~-1
/// let common = ParameterValue("NTFS", weight: 10)           // preferred where a choice is free
/// ```
public struct ParameterValue: Sendable, Hashable {
    /// The value's name followed by its aliases; never empty.
    public var names: [String]
    /// A negative value stands for invalid input: a row holds at most one, and every other
    /// value of a t-tuple with one negative value is positive.
    public var isNegative: Bool
    /// How strongly the value is preferred when a row's cell is free (PICT's `(n)`); at least 1.
    /// Weights never change which tuples are covered.
    public var weight: Int

    public init(_ name: String, aliases: [String] = [], isNegative: Bool = false, weight: Int = 1) {
        self.names = [name] + aliases
        self.isNegative = isNegative
        self.weight = max(1, weight)
    }

    /// The value's own name (its first), the one constraints compare against.
    public var name: String { names[0] }

    /// The names after the first.
    public var aliases: ArraySlice<String> { names.dropFirst() }
}
