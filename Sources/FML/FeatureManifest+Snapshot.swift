import Formats
/// A loaded manifest written to and read back from a snapshot, so a large app's manifest is
/// read and checked once, not at every start of the menu. What is read back is the manifest
/// that was written: the same features, types, defaults and positions. Features are read back
/// when first asked for (`FeatureTable`), so the snapshot's bytes must stay unchanged: they do,
/// being an array the reader holds.
///
/// ```swift
/// var writer = SnapshotWriter()
/// manifest.write(to: &writer)
/// var reader = try SnapshotReader(writer.finish())
/// let again = try FeatureManifest(snapshot: &reader)
/// ```
extension FeatureManifest {
    public func write(to writer: inout SnapshotWriter) {
        writer.write(channels)
        writer.write(files)
        writer.write(warnings)
        features.write(to: &writer)
        let enums = enumNames.compactMap(enumDefinition)
        writer.writeCount(enums.count)
        for definition in enums {
            writer.write(definition.name)
            writer.write(definition.description)
            writer.write(definition.variants)
            for variant in definition.variants { writer.write(definition.variantDescriptions[variant]) }
            writer.write(definition.location)
        }
        let objects = objectNames.compactMap(objectDefinition)
        writer.writeCount(objects.count)
        for definition in objects {
            writer.write(definition.name)
            writer.write(definition.description)
            writer.writeCount(definition.fields.count)
            for field in definition.fields { field.write(to: &writer) }
            writer.write(definition.location)
        }
    }

    public init(snapshot reader: inout SnapshotReader) throws(SnapshotReader.Malformed) {
        let channels = try reader.readStrings()
        let files = try reader.readStrings()
        let warnings = try reader.readStrings()
        let features = try FeatureTable.read(from: &reader)
        var enums: [String: EnumDefinition] = [:]
        for _ in 0..<(try reader.readCount()) {
            let name = try reader.readString()
            let description = try reader.readString()
            let variants = try reader.readStrings()
            var variantDescriptions: [String: String] = [:]
            for variant in variants { variantDescriptions[variant] = try reader.readOptionalString() }
            enums[name] = EnumDefinition(name: name, description: description, variants: variants,
                                         variantDescriptions: variantDescriptions, location: try reader.readMark())
        }
        var objects: [String: ObjectDefinition] = [:]
        for _ in 0..<(try reader.readCount()) {
            let name = try reader.readString()
            let description = try reader.readString()
            let fields = try reader.readArray { (reader: inout SnapshotReader) throws(SnapshotReader.Malformed) in
                try VariableDefinition(snapshot: &reader)
            }
            objects[name] = ObjectDefinition(name: name, description: description, fields: fields, location: try reader.readMark())
        }
        self.init(channels: channels, files: files, features: features, enums: enums, objects: objects,
                  checker: ValueChecker(enums: enums, objects: objects), warnings: warnings)
    }
}

extension VariableDefinition {
    func write(to writer: inout SnapshotWriter) {
        writer.write(name)
        type.write(to: &writer)
        writer.write(defaultValue)
        writer.write(description)
        writer.write(stringAlias)
        writer.write(prefKey)
        writer.write(geckoPref != nil)
        if let geckoPref { writer.write(geckoPref) }
        writer.write(location)
    }

    init(snapshot reader: inout SnapshotReader) throws(SnapshotReader.Malformed) {
        self.init(name: try reader.readString(), type: try FMLType(snapshot: &reader), defaultValue: try reader.readJSON(),
                  description: try reader.readString(), stringAlias: try reader.readOptionalString(),
                  prefKey: try reader.readOptionalString(), geckoPref: try reader.readBool() ? try reader.readJSON() : nil,
                  location: try reader.readMark())
    }
}

extension FMLType {
    func write(to writer: inout SnapshotWriter) {
        switch self {
        case .boolean: writer.write(0)
        case .int: writer.write(1)
        case .string: writer.write(2)
        case .text: writer.write(3)
        case .image: writer.write(4)
        case .option(let inner): writer.write(5); inner.write(to: &writer)
        case .list(let inner): writer.write(6); inner.write(to: &writer)
        case .map(let key, let value): writer.write(7); key.write(to: &writer); value.write(to: &writer)
        case .enumeration(let name): writer.write(8); writer.write(name)
        case .object(let name): writer.write(9); writer.write(name)
        case .stringAlias(let name): writer.write(10); writer.write(name)
        }
    }

    init(snapshot reader: inout SnapshotReader, depth: Int = 0) throws(SnapshotReader.Malformed) {
        guard depth <= FMLType.maximumDepth else { throw SnapshotReader.Malformed("type nested too deep") }
        switch try reader.readInt() {
        case 0: self = .boolean
        case 1: self = .int
        case 2: self = .string
        case 3: self = .text
        case 4: self = .image
        case 5: self = .option(try FMLType(snapshot: &reader, depth: depth + 1))
        case 6: self = .list(try FMLType(snapshot: &reader, depth: depth + 1))
        case 7: self = .map(key: try FMLType(snapshot: &reader, depth: depth + 1), value: try FMLType(snapshot: &reader, depth: depth + 1))
        case 8: self = .enumeration(try reader.readString())
        case 9: self = .object(try reader.readString())
        case 10: self = .stringAlias(try reader.readString())
        case let tag: throw SnapshotReader.Malformed("bad type tag \(tag)")
        }
    }
}
