/// Where the dish search bar sits on the home screen: the `searchBarPosition` typed preference,
/// a variant of the FML enum `SearchBarPosition`.
///
/// Use it instead of comparing variant strings; an unknown variant falls back to `top`.
///
/// ```swift
/// SearchBarPosition(variant: "bottom")   // .bottom
/// ```
public enum SearchBarPosition: String, Sendable, CaseIterable {
    case top, bottom

    /// The position a preference variant names; `top` for anything else.
    public init(variant: String) {
        self = SearchBarPosition(rawValue: variant) ?? .top
    }
}
