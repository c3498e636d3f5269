/// The name of a Remote Settings collection that holds Nimbus experiment records.
///
/// Use `.mobileExperiments` for what a released app enrolls in and `.preview` for
/// experiments that are still being tested on the preview collection; any other name can be
/// given for a private server.
///
/// ```swift
/// let client = RemoteSettingsClient(server: server, collection: .preview)
/// client.collection.name  // "nimbus-preview"
/// ```
public struct RemoteSettingsCollection: Sendable, Hashable, CustomStringConvertible {
    /// The collection's id in the URL, e.g. `nimbus-mobile-experiments`.
    public var name: String

    public init(_ name: String) {
        self.name = name
    }

    /// Live experiments and rollouts for the mobile apps.
    public static let mobileExperiments = RemoteSettingsCollection("nimbus-mobile-experiments")
    /// Experiments in preview, before they go live.
    public static let preview = RemoteSettingsCollection("nimbus-preview")
    /// The collections the Nimbus mobile SDK knows, in the order a menu should offer them.
    public static let known: [RemoteSettingsCollection] = [.mobileExperiments, .preview]

    public var description: String { name }
}
