/// A group of parameters combined among themselves at a strength of their own (PICT's
/// `{ A, B, C } @ 3`).
///
/// Use it when a few parameters interact more strongly than the rest (every triple of a
/// platform's CPU, RAM and disk) without paying that strength over the whole model. As in PICT,
/// each sub-model is generated first; its rows then act as the values of one pseudo-parameter of
/// the root model, which combines the pseudo-parameters (and every parameter outside all
/// sub-models) at the model's strength. That keeps PICT's guarantee: every strength-t
/// combination of *rows* of the sub-models is covered, not only of their values.
///
/// ```swift
/// let platform = SubModel(parameters: [0, 1, 2, 3], strength: 3)   // indices into the model's parameters
/// ```
public struct SubModel: Sendable, Hashable {
    /// Indices into ``CombinationModel/parameters``, in the order written, without repeats.
    public var parameters: [Int]
    /// The sub-model's own strength; `nil` means the model's strength, capped at the number of
    /// parameters in the sub-model.
    public var strength: Int?

    public init(parameters: [Int], strength: Int? = nil) {
        self.parameters = parameters
        self.strength = strength
    }
}
