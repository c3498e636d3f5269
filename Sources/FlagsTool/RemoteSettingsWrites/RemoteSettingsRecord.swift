import Formats
/// One record of a Kinto collection as the server holds it: its id, its `last_modified`
/// timestamp (what `If-Match` names) and its fields.
///
/// ```swift
/// let record = try records.get("checkout-on")
/// record?.lastModified   // 1764590000123
/// record?.data["preset"] // the fields, without `id` and `last_modified`
/// ```
public struct RemoteSettingsRecord: Sendable, Hashable {
    public var id: String
    /// Milliseconds since 1970, set by the server on every write.
    public var lastModified: Int
    /// The record's fields other than `id` and `last_modified`.
    public var data: [String: JSONValue]

    public init(id: String, lastModified: Int, data: [String: JSONValue]) {
        self.id = id
        self.lastModified = lastModified
        self.data = data
    }

    /// Reads a record as Kinto sends it (`{"id": …, "last_modified": …, …}`).
    init?(json: JSONValue) {
        guard var fields = json.objectValue, let id = fields["id"]?.stringValue, let modified = fields["last_modified"]?.intValue else { return nil }
        fields["id"] = nil
        fields["last_modified"] = nil
        self.init(id: id, lastModified: modified, data: fields)
    }
}
