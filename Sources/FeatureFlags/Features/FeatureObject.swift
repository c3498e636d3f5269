import Formats

/// An FML object as a generated Swift struct: built from its fields, each of which falls back to
/// the field's manifest default when the JSON lacks it or holds the wrong type.
///
/// ```swift
/// struct Card: FeatureObject { var title: String; init(_ fields: FeatureVariables) { title = fields.value("title") ?? "" } }
/// Card(featureJSON: .object(["title": .string("Hi")]))?.title   // "Hi"
/// ```
public protocol FeatureObject: FeatureJSONDecodable {
    init(_ fields: FeatureVariables)
}

extension FeatureObject {
    /// Anything but a JSON object is the wrong type for an object.
    public init?(featureJSON: JSONValue) {
        guard featureJSON.objectValue != nil else { return nil }
        self.init(FeatureVariables(featureJSON))
    }
}
