import Formats

/// An FML enum as generated Swift: its raw values are the manifest's variants, and a feature
/// value names one by that string, as a variable's value or as a map's key.
///
/// Generated enums only declare the conformance; reading them comes from here.
///
/// ```swift
/// enum StartAtHome: String, FeatureEnum { case afterFourHours = "after-four-hours", always, disabled }
/// StartAtHome(featureJSON: .string("always"))   // .always
/// ```
public protocol FeatureEnum: FeatureJSONDecodable, FeatureMapKey, RawRepresentable, CaseIterable where RawValue == String {}

extension FeatureEnum {
    public init?(featureJSON: JSONValue) {
        guard let text = featureJSON.stringValue else { return nil }
        self.init(rawValue: text)
    }

    public init?(featureMapKey: String) {
        self.init(rawValue: featureMapKey)
    }
}
