/// Why an argument of `flags matrix` names no dimension.
public struct MatrixDimensionError: Error, Sendable, CustomStringConvertible {
    public let description: String

    public init(_ description: String) {
        self.description = description
    }
}
