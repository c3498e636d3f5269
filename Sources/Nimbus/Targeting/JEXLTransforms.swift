import Formats
/// The transforms a JEXL expression may call (`subject | name(arguments)`), by name.
///
/// JEXL itself defines none: the host registers them, as the Nimbus SDK registers
/// `versionCompare`, `bucketSample`, `preferenceIsUserSet` and the `event*` queries. A transform
/// that is not registered is an error when it is called, so targeting that a device could not
/// evaluate never enrolls here either.
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

    /// The transforms that need no client state: `versionCompare` and `bucketSample`.
    public static let stateless = JEXLTransforms([
        "versionCompare": VersionCompareTransform.apply,
        "bucketSample": BucketSampleTransform.apply,
    ])

    /// Every transform the Nimbus SDK registers, for one client: the stateless ones, the event
    /// queries over `events` as they stand at `now`, and `preferenceIsUserSet`, answered by
    /// `isPreferenceUserSet` (nil: `false` for every name, as on Firefox for iOS, which has no
    /// Gecko preferences). Build it once per evaluation: it advances the store once.
    public static func nimbus(events: EventStore, now: EventInstant,
                              isPreferenceUserSet: (@Sendable (String) -> Bool)? = nil) -> JEXLTransforms {
        // A counter too far from `now` to advance stays as it is; its query reports the error.
        let advanced = (try? events.advanced(to: now)) ?? events
        var byName = stateless.byName
        for kind in EventQueryKind.allCases {
            let query = EventQueryTransform(kind: kind, store: advanced, now: now)
            byName[kind.rawValue] = query.transform
        }
        let preference = PreferenceIsUserSetTransform(isUserSet: isPreferenceUserSet)
        byName["preferenceIsUserSet"] = preference.transform
        return JEXLTransforms(byName)
    }

    /// The same transforms with `others` added (an entry of `others` wins).
    public func adding(_ others: [String: Transform]) -> JEXLTransforms {
        JEXLTransforms(byName.merging(others) { _, new in new })
    }
}
