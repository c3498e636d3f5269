/// A dimension of a ``CombinationModel``: a name and the values it takes.
///
/// Use it for anything a test varies (a flag, an enum variable, an experiment's branches, an
/// operating system). A parameter is numeric when the name of every value reads as a number the
/// way PICT reads it (C's `strtod`, the whole text: `1`, `-2.5`, `1e3`, `0x10`); constraints then
/// compare it with numbers (`[Size] > 100`), and otherwise with quoted strings (`[OS] = "Win10"`).
///
/// ```swift
/// let os = Parameter(name: "OS", values: ["Win10", "Win11", "macOS"])
/// let size = Parameter(name: "Size", values: ["10", "100", "1000"])
/// size.isNumeric   // true
/// ```
public struct Parameter: Sendable, Hashable {
    public var name: String
    public var values: [ParameterValue]

    public init(name: String, values: [ParameterValue]) {
        self.name = name
        self.values = values
    }

    /// A parameter whose values are plain names, with no alias, weight or negative value.
    public init(name: String, values names: [String]) {
        self.init(name: name, values: names.map { ParameterValue($0) })
    }

    /// Whether every value's name is a number, so that constraints compare numerically.
    public var isNumeric: Bool {
        !values.isEmpty && values.allSatisfy { PICTNumber.parse($0.name) != nil }
    }

    /// The index of the value with this name (its own name, not an alias), compared as
    /// `caseSensitive` says.
    public func valueIndex(named name: String, caseSensitive: Bool = false) -> Int? {
        values.firstIndex { caseSensitive ? $0.name == name : $0.name.uppercased() == name.uppercased() }
    }
}
