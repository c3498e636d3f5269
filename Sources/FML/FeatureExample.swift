import Platform
import Formats

/// One `examples:` entry of a feature (or of an imported feature's additions), read into the
/// value it shows, so the loader can check it against the feature as nimbus-fml does
/// (`frontend.rs`, `ExampleBlock`): written inline (`name`, `value`), or kept in a file next
/// to the manifest: `path:` alone (or the bare path) names a file holding `{name, value}`;
/// `name` with `path:` names a file holding the value alone (JSON, say).
struct FeatureExample {
    let name: String
    let value: JSONValue
    /// Where the value is written, for the position of a problem in it.
    let valueNode: YAMLNode

    static let metadataKeys = ["name", "description", "url"]

    /// Reads the example at `node`; a path is relative to `file`, the manifest that holds it.
    static func read(_ node: YAMLNode, relativeTo file: String, context: String) throws(ManifestError) -> FeatureExample {
        if let path = node.string, !node.isNull {
            return try inline(try load(path, at: node, relativeTo: file, context: context), context: context)
        }
        guard let entries = node.entries else {
            throw ManifestError(at: node.mark, "expected an example of \(context) to be a mapping {name, value} or a file path, found a \(node.kindName)")
        }
        if node["value"] != nil { return try inline(node, context: context) }
        guard let pathNode = node["path"] else {
            throw ManifestError(at: node.mark, "an example of \(context) needs a 'value', or a 'path' to a file that holds it")
        }
        let path = try pathNode.requireString("'path' of an example of \(context)")
        guard node["name"] != nil else {
            for entry in entries where entry.key.string != "path" {
                throw ManifestError(at: entry.key.mark, "unknown key '\(entry.key.string ?? "")' in an example of \(context) given by its path alone; expected only: path")
            }
            return try inline(try load(path, at: pathNode, relativeTo: file, context: context), context: context)
        }
        try checkKeys(entries, allowed: metadataKeys + ["path"], context: context)
        let valueNode = try load(path, at: pathNode, relativeTo: file, context: context)
        return FeatureExample(name: try name(of: node, context: context), value: valueNode.jsonValue, valueNode: valueNode)
    }

    private static func inline(_ node: YAMLNode, context: String) throws(ManifestError) -> FeatureExample {
        let entries = try node.requireMapping("an example of \(context)")
        try checkKeys(entries, allowed: metadataKeys + ["value"], context: context)
        guard let value = node["value"] else {
            throw ManifestError(at: node.mark, "missing 'value' in an example of \(context)")
        }
        return FeatureExample(name: try name(of: node, context: context), value: value.jsonValue, valueNode: value)
    }

    private static func name(of node: YAMLNode, context: String) throws(ManifestError) -> String {
        guard let name = node["name"] else { throw ManifestError(at: node.mark, "missing 'name' in an example of \(context)") }
        return try name.requireString("'name' of an example of \(context)")
    }

    private static func checkKeys(_ entries: [YAMLNode.Entry], allowed: [String], context: String) throws(ManifestError) {
        for entry in entries where !allowed.contains(entry.key.string ?? "") {
            throw ManifestError(at: entry.key.mark, "unknown key '\(entry.key.string ?? "")' in an example of \(context); expected one of: \(allowed.joined(separator: ", "))")
        }
    }

    /// The document of the example file `path`, a regular file found from `file`'s folder.
    private static func load(_ path: String, at node: YAMLNode, relativeTo file: String, context: String) throws(ManifestError) -> YAMLNode {
        let resolved = path.hasPrefix("/") ? path : FilePathText.joined(FilePathText.folder(of: file), path)
        try ManifestLoader.checkIsFile(resolved, named: node, what: "example")
        return try YAMLReader.read(path: resolved)
    }
}
