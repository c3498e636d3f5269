import Formats
/// A record set written to and read back from a snapshot (the caller, `SnapshotCache`, decides
/// when one may be used). What is read back is the set that was written: the same records with
/// the same fields, and the same skipped records. Each record's full JSON is a block decoded
/// only when asked for (`ExperimentRecord.json`, a `DeferredJSON`), and so is each branch's
/// feature value (a client reads those of the branches it is enrolled in); targeting texts are
/// parsed again, once each.
extension ExperimentRecordSet {
    public func write(to writer: inout SnapshotWriter) {
        writer.writeCount(records.count)
        for record in records { record.write(to: &writer) }
        writer.writeCount(skipped.count)
        for record in skipped {
            writer.write(record.name)
            writer.write(record.index)
            writer.write(record.reason)
        }
    }

    public init(snapshot reader: inout SnapshotReader) throws(SnapshotReader.Malformed) {
        var targetingParses: [String: Result<JEXLExpression, JEXLError>] = [:]
        // Records repeat most of their strings (app, channel, dates, feature ids): make each once.
        var strings = SnapshotReader.StringCache()
        let records = try reader.readArray { (reader: inout SnapshotReader) throws(SnapshotReader.Malformed) in
            try ExperimentRecord(snapshot: &reader, strings: &strings, targetingParses: &targetingParses)
        }
        let skipped = try reader.readArray { (reader: inout SnapshotReader) throws(SnapshotReader.Malformed) in
            SkippedRecord(name: try reader.readString(), index: try reader.readInt(), reason: try reader.readString())
        }
        self.init(records: records, skipped: skipped)
    }
}

extension ExperimentRecord {
    func write(to writer: inout SnapshotWriter) {
        writer.write(schemaVersion)
        writer.write(slug)
        writer.write(userFacingName)
        writer.write(userFacingDescription)
        writer.write(isEnrollmentPaused)
        writer.write(bucketConfig.randomizationUnit)
        writer.write(bucketConfig.namespace)
        writer.write(bucketConfig.start)
        writer.write(bucketConfig.count)
        writer.write(bucketConfig.total)
        writer.writeCount(branches.count)
        for branch in branches {
            writer.write(branch.slug)
            writer.write(branch.ratio)
            writer.writeCount(branch.features.count)
            for feature in branch.features {
                writer.write(feature.featureId)
                writer.writeBlock { $0.write(JSONValue.object(feature.value)) }
            }
        }
        writer.write(proposedEnrollment)
        writer.write(appName)
        writer.write(appId)
        writer.write(channel)
        writer.write(targeting)
        writer.write(isRollout)
        writer.write(featureIds)
        writer.write(publishedDate)
        writer.write(startDate)
        writer.write(endDate)
        writer.write(enrollmentEndDate)
        writer.write(proposedDuration.map { $0 + 1 } ?? 0)
        writer.write(referenceBranch)
        writer.write(isFirefoxLabsOptIn)
        writer.writeBlock { $0.write(json) }
    }

    convenience init(snapshot reader: inout SnapshotReader, strings: inout SnapshotReader.StringCache,
                     targetingParses: inout [String: Result<JEXLExpression, JEXLError>]) throws(SnapshotReader.Malformed) {
        let schemaVersion = try reader.readString(caching: &strings)
        let slug = try reader.readString(caching: &strings)
        let userFacingName = try reader.readString(caching: &strings)
        let userFacingDescription = try reader.readString(caching: &strings)
        let isEnrollmentPaused = try reader.readBool()
        let bucketConfig = BucketConfig(randomizationUnit: try reader.readString(caching: &strings),
                                        namespace: try reader.readString(caching: &strings),
                                        start: try reader.readInt(), count: try reader.readInt(), total: try reader.readInt())
        let branches = try reader.readArray { (reader: inout SnapshotReader) throws(SnapshotReader.Malformed) in
            Branch(slug: try reader.readString(caching: &strings), ratio: try reader.readInt(),
                   features: try reader.readArray { (reader: inout SnapshotReader) throws(SnapshotReader.Malformed) in
                       FeatureConfig(featureId: try reader.readString(caching: &strings),
                                     value: DeferredJSON(block: try reader.readBlock()))
                   })
        }
        let proposedEnrollment = try reader.readInt()
        let appName = try reader.readOptionalString(caching: &strings)
        let appId = try reader.readOptionalString(caching: &strings)
        let channel = try reader.readOptionalString(caching: &strings)
        let targeting = try reader.readOptionalString(caching: &strings)
        let isRollout = try reader.readBool()
        let featureIds = try reader.readStrings(caching: &strings)
        let publishedDate = try reader.readOptionalString(caching: &strings)
        let startDate = try reader.readOptionalString(caching: &strings)
        let endDate = try reader.readOptionalString(caching: &strings)
        let enrollmentEndDate = try reader.readOptionalString(caching: &strings)
        let proposedDuration = try reader.readInt()
        let referenceBranch = try reader.readOptionalString(caching: &strings)
        let isFirefoxLabsOptIn = try reader.readBool()
        let json = DeferredJSON(block: try reader.readBlock())
        self.init(schemaVersion: schemaVersion, slug: slug, userFacingName: userFacingName, userFacingDescription: userFacingDescription,
                  isEnrollmentPaused: isEnrollmentPaused, bucketConfig: bucketConfig, branches: branches,
                  proposedEnrollment: proposedEnrollment, appName: appName, appId: appId, channel: channel, targeting: targeting,
                  targetingParses: &targetingParses, isRollout: isRollout, featureIds: featureIds, publishedDate: publishedDate,
                  startDate: startDate, endDate: endDate, enrollmentEndDate: enrollmentEndDate,
                  proposedDuration: proposedDuration > 0 ? proposedDuration - 1 : nil, referenceBranch: referenceBranch,
                  isFirefoxLabsOptIn: isFirefoxLabsOptIn, json: json)
    }
}
