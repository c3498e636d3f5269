import Formats
/// All the experiment records of one Remote Settings answer, plus the ones that could not be used.
///
/// Use `ExperimentRecordSet.parse(_:)` on the `{"data": [...]}` body of a Remote Settings
/// collection (or a file with the same shape). A malformed record is reported in `skipped`
/// with the field at fault, and the others are kept, as the Nimbus SDK does. A second record
/// with a slug already seen is skipped too, since enrollment is keyed by slug.
///
/// ```swift
/// let set = try ExperimentRecordSet.parse(try JSONParser.parse(body, file: "records.json"))
/// set.records.map(\.slug)   // ["ios-homescreen", ...]
/// set.skipped               // [record #3: missing required field `bucketConfig`]
/// ```
public struct ExperimentRecordSet: Sendable, Hashable {
    public var records: [ExperimentRecord]
    public var skipped: [SkippedRecord]

    public init(records: [ExperimentRecord], skipped: [SkippedRecord] = []) {
        self.records = records
        self.skipped = skipped
    }

    /// Reads `{"data": [record, ...]}`. Throws only when the envelope itself is wrong; bad
    /// records end up in `skipped`.
    public static func parse(_ json: JSONValue) throws(ExperimentRecordError) -> ExperimentRecordSet {
        let envelope = try RecordFields(json, path: "")
        let data = try envelope.required("data", RecordFields.array)
        var set = ExperimentRecordSet(records: [])
        var seenSlugs: Set<String> = []
        var targetingParses: [String: Result<JEXLExpression, JEXLError>] = [:]
        for (index, element) in data.enumerated() {
            let name = element["slug"]?.stringValue ?? "record #\(index)"
            do {
                let record = try ExperimentRecord(json: element, targetingParses: &targetingParses)
                guard seenSlugs.insert(record.slug).inserted else {
                    set.skipped.append(SkippedRecord(name: name, index: index, reason: "duplicate slug `\(record.slug)`; the first record with it is used"))
                    continue
                }
                set.records.append(record)
            } catch {
                set.skipped.append(SkippedRecord(name: name, index: index, reason: error.reason))
            }
        }
        return set
    }
}
