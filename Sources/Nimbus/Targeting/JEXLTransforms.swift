/// The transforms a JEXL expression may call (`subject | name(arguments)`), by name.
///
/// JEXL itself defines none: the host registers them, as the Nimbus SDK registers
/// `versionCompare`, `bucketSample`, `preferenceIsUserSet` and the `event*` queries. A transform
/// that is not registered is an error when it is called, so targeting that a device could not
/// evaluate never enrols here either.
///
/// ```swift
/// let transforms = JEXLTransforms.stateless
/// try JEXLExpression(parse: "'114.1' | versionCompare('114.!')").evaluate(in: [:], transforms: transforms)
/// ```
public struct JEXLTransforms: Sendable {
    /// A transform receives the value before the `|` and the evaluated arguments.
    public typealias Transform = @Sendable (_ subject: JSONValue, _ arguments: [JSONValue]) throws(JEXLError) -> JSONValue

    public var byName: [String: Transform]

    public init(_ byName: [String: Transform] = [:]) {
        self.byName = byName
    }

    /// The transforms that need no client state.
    public static let stateless = JEXLTransforms(["versionCompare": VersionCompareTransform.apply])

    /// The same transforms with `others` added (an entry of `others` wins).
    public func adding(_ others: [String: Transform]) -> JEXLTransforms {
        JEXLTransforms(byName.merging(others) { _, new in new })
    }
}
