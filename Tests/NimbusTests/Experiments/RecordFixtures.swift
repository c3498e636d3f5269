@testable import Formats
@testable import Nimbus

/// Builds experiment record JSON for tests: a valid record with every required field, with
/// `changes` merged over it (a `.null` member removes the field).
enum RecordFixtures {
    static func record(
        slug: String,
        featureId: String = "homescreen",
        branches: [(slug: String, ratio: Int, value: JSONValue)] = [("control", 1, .object([:]))],
        start: Int = 0,
        count: Int = 10000,
        total: Int = 10000,
        namespace: String? = nil,
        isRollout: Bool = false,
        changes: [String: JSONValue] = [:]
    ) -> JSONValue {
        var members: [String: JSONValue] = [
            "schemaVersion": .string("1.12.0"),
            "slug": .string(slug),
            "id": .string(slug),
            "userFacingName": .string("Name of \(slug)"),
            "userFacingDescription": .string("Description of \(slug)"),
            "isEnrollmentPaused": .bool(false),
            "isRollout": .bool(isRollout),
            "appName": .string("firefox_ios"),
            "appId": .string("org.mozilla.ios.Firefox"),
            "channel": .string("release"),
            "targeting": .string("true"),
            "proposedEnrollment": .int(7),
            "bucketConfig": .object([
                "randomizationUnit": .string("nimbus_id"),
                "namespace": .string(namespace ?? "\(slug)-ns"),
                "start": .int(start),
                "count": .int(count),
                "total": .int(total),
            ]),
            "branches": .array(branches.map { branch in
                .object([
                    "slug": .string(branch.slug),
                    "ratio": .int(branch.ratio),
                    "features": .array([.object(["featureId": .string(featureId), "value": branch.value])]),
                ])
            }),
            "featureIds": .array([.string(featureId)]),
        ]
        for (key, value) in changes {
            members[key] = value == .null ? nil : value
        }
        return .object(members)
    }

    static func parsed(_ json: JSONValue) throws -> ExperimentRecord {
        try ExperimentRecord(json: json)
    }
}
