#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif
import Platform

/// Reads a root manifest and its includes into a checked `FeatureManifest`.
///
/// Loading happens in two passes because a feature in one file may use an enum, object or string
/// alias declared in any other: first every file is read and its top-level declarations
/// collected, then types are resolved and defaults checked and merged.
struct ManifestLoader {
    /// A named declaration (feature, enum, object) and where it came from.
    private struct Declaration {
        let name: String
        let key: YAMLNode
        let body: YAMLNode
    }

    private static let topLevelKeys = ["about", "channels", "include", "includes", "import", "imports",
                                       "features", "enums", "objects", "version"]
    private static let featureKeys = ["description", "variables", "defaults", "meta-bug", "documentation",
                                      "contacts", "events", "allow-coenrollment", "examples"]
    private static let variableKeys = ["type", "default", "description", "string-alias", "pref-key", "gecko-pref"]
    private static let fieldKeys = ["type", "default", "description"]
    private static let aboutKeys = ["description", "kotlin", "android", "swift", "ios"]

    private var files: [String] = []
    private var loadedFiles: Set<String> = []
    private var rootChannels: [String]?
    private var includedChannels: [YAMLNode] = []
    private var features: [Declaration] = []
    private var enums: [Declaration] = []
    private var objects: [Declaration] = []

    // MARK: Pass 1: files

    mutating func load(path: String, includedAt include: YAMLNode? = nil) throws(ManifestError) {
        let identity = URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
        guard loadedFiles.insert(identity).inserted else { return }
        if let include, !FileManager.default.fileExists(atPath: path) {
            throw ManifestError(at: include.mark, "included file '\(include.string ?? "")' not found (looked for \(path), included from \(include.mark.file))")
        }
        // An include naming a folder or a device cannot be read either; that is the include
        // line's fault, so report it there rather than at line 1 of something that is no file.
        var info = stat()
        if let include, stat(path, &info) != 0 || info.st_mode & S_IFMT != S_IFREG {
            throw ManifestError(at: include.mark, "included path '\(include.string ?? "")' is not a file (\(path), included from \(include.mark.file))")
        }
        files.append(path)

        let root: YAMLNode
        root = try YAMLReader.read(path: path)
        if root.isNull { return }
        let entries = try Self.mapping(root, "the top level of a Feature Manifest")
        var includes: [YAMLNode] = []
        for entry in entries {
            let key = entry.key.string ?? ""
            let value = entry.value
            switch key {
            case "about":
                try Self.checkAbout(value)
            case "channels":
                let items = try Self.sequence(value, "'channels'")
                for item in items { _ = try Self.string(item, "a channel name") }
                if include == nil {
                    var seen: Set<String> = []
                    for item in items where !seen.insert(item.string!).inserted {
                        throw ManifestError(at: item.mark, "duplicate channel '\(item.string!)'")
                    }
                    rootChannels = items.map { $0.string! }
                } else {
                    includedChannels += items
                }
            case "include", "includes":
                if value.isNull { continue }
                for item in try Self.sequence(value, "'\(key)'") {
                    _ = try Self.string(item, "an include path")
                    includes.append(item)
                }
            case "import", "imports":
                throw ManifestError(at: entry.key.mark, "'\(key)' is not supported: importing another module's manifest "
                    + "(with its own channel and feature overrides) is not implemented; use 'include' for files of this manifest")
            case "features":
                features += try declarations(value, "'features'")
            case "enums":
                enums += try declarations(value, "'enums'")
            case "objects":
                objects += try declarations(value, "'objects'")
            case "version":
                _ = try Self.string(value, "'version'")
            default:
                throw ManifestError(at: entry.key.mark, "unknown top-level key '\(key)'; expected one of: \(Self.topLevelKeys.joined(separator: ", "))")
            }
        }
        let directory = FilePathText.folder(of: path)
        for item in includes {
            let relative = item.string!
            let resolved = relative.hasPrefix("/") ? relative : FilePathText.joined(directory, relative)
            try load(path: Self.lexicallyNormalized(resolved), includedAt: item)
        }
    }

    private func declarations(_ node: YAMLNode, _ what: String) throws(ManifestError) -> [Declaration] {
        if node.isNull { return [] }
        return try Self.mapping(node, what).map { Declaration(name: $0.key.string ?? "", key: $0.key, body: $0.value) }
    }

    // MARK: Pass 2: types, definitions, defaults

    func build() throws(ManifestError) -> FeatureManifest {
        let channels = try resolvedChannels()

        // Every declared name first, so declarations may refer to each other in any order.
        var declaredTypes: [String: (FMLType, YAMLMark)] = [:]
        func declare(_ name: String, _ type: FMLType, _ mark: YAMLMark, _ kind: String) throws(ManifestError) {
            if let (_, first) = declaredTypes[name] {
                throw ManifestError(at: mark, "\(kind) '\(name)' is already declared at \(first)")
            }
            declaredTypes[name] = (type, mark)
        }
        for declaration in enums { try declare(declaration.name, .enumeration(declaration.name), declaration.key.mark, "enum") }
        for declaration in objects { try declare(declaration.name, .object(declaration.name), declaration.key.mark, "object") }
        for feature in features {
            for variable in feature.body["variables"]?.entries ?? [] {
                guard let alias = variable.value["string-alias"] else { continue }
                let name = try Self.string(alias, "'string-alias'")
                try declare(name, .stringAlias(name), alias.mark, "string alias")
            }
        }
        let resolve: (String) -> FMLType? = { declaredTypes[$0]?.0 }

        var enumDefinitions: [String: EnumDefinition] = [:]
        for declaration in enums {
            enumDefinitions[declaration.name] = try enumDefinition(declaration)
        }
        var objectDefinitions: [String: ObjectDefinition] = [:]
        for declaration in objects {
            objectDefinitions[declaration.name] = try objectDefinition(declaration, resolve: resolve)
        }
        var seenFeatures: [String: YAMLMark] = [:]
        var parsedFeatures: [(definition: FeatureDefinition, declaration: Declaration,
                              variableBlocks: [String: [DefaultsBlock]], blocks: [DefaultsBlock])] = []
        for declaration in features {
            if let first = seenFeatures[declaration.name] {
                throw ManifestError(at: declaration.key.mark, "feature '\(declaration.name)' is already declared at \(first)")
            }
            seenFeatures[declaration.name] = declaration.key.mark
            let parsed = try feature(declaration, resolve: resolve, channels: channels)
            parsedFeatures.append((parsed.0, declaration, parsed.1, parsed.2))
        }

        // Object field defaults: checked, then completed from the other objects' defaults.
        let rawChecker = ValueChecker(enums: enumDefinitions, objects: objectDefinitions)
        for declaration in objects {
            let object = objectDefinitions[declaration.name]!
            let fieldNodes = declaration.body["fields"]
            for field in object.fields {
                guard let node = fieldNodes?[field.name]?["default"] else { continue }
                let problems = rawChecker.problems(in: field.defaultValue, as: field.type, at: [], partial: true)
                if let problem = problems.first {
                    throw Self.error(problem, in: node, "invalid default for field '\(field.name)' of object '\(object.name)'")
                }
            }
        }
        for (name, object) in objectDefinitions {
            let fields = object.fields.map { $0.with(defaultValue: rawChecker.complete($0.defaultValue, as: $0.type)) }
            objectDefinitions[name] = ObjectDefinition(name: name, description: object.description, fields: fields,
                                                       location: object.location)
        }
        let checker = ValueChecker(enums: enumDefinitions, objects: objectDefinitions)

        var featureDefinitions: [String: FeatureDefinition] = [:]
        var defaults: [String: [String: JSONValue]] = [:]
        for (definition, declaration, variableBlocks, blocks) in parsedFeatures {
            let context = "feature '\(definition.id)'"
            let variableNodes = declaration.body["variables"]
            for variable in definition.variables {
                let node = variableNodes?[variable.name]?["default"]
                let values: [(JSONValue, YAMLNode?)] = variableBlocks[variable.name].map { $0.map { ($0.value, $0.valueNode) } }
                    ?? [(variable.defaultValue, node)]
                for (value, valueNode) in values {
                    let problems = checker.problems(in: value, as: variable.type, at: [], partial: true)
                    if let problem = problems.first {
                        throw Self.error(problem, in: valueNode ?? declaration.key, "invalid default for variable '\(variable.name)' of \(context)")
                    }
                }
            }
            for block in blocks {
                guard block.valueNode.isMapping || block.valueNode.isNull else {
                    throw ManifestError(at: block.valueNode.mark, "expected the value of a defaults block of \(context) to be a mapping of variables, found a \(block.valueNode.kindName)")
                }
                let value = block.valueNode.isNull ? JSONValue.object([:]) : block.value
                if let problem = checker.problems(inFeatureValue: value, of: definition, partial: true).first {
                    throw Self.error(problem, in: block.valueNode, "invalid defaults block of \(context)")
                }
            }

            let completed = definition.variables.map { $0.with(defaultValue: checker.complete($0.defaultValue, as: $0.type)) }
            let finished = FeatureDefinition(id: definition.id, description: definition.description, variables: completed,
                                             allowCoenrollment: definition.allowCoenrollment, location: definition.location)
            featureDefinitions[definition.id] = finished

            var perChannel: [String: JSONValue] = [:]
            for channel in channels {
                var base: [String: JSONValue] = [:]
                for variable in definition.variables {
                    if let variableBlocks = variableBlocks[variable.name] {
                        if let merged = DefaultsBlock.merged(variableBlocks, for: channel) {
                            base[variable.name] = merged
                        } else if case .map = variable.type {
                            base[variable.name] = .object([:])
                        } else if case .object = variable.type {
                            base[variable.name] = .object([:])
                        } else {
                            throw ManifestError(at: variable.location, "variable '\(variable.name)' of \(context) has no default for channel '\(channel)'")
                        }
                    } else {
                        base[variable.name] = variable.defaultValue
                    }
                }
                // Upstream merges the blocks together first, then over the variable defaults.
                let overrides = blocks.filter { $0.applies(to: channel) }
                    .reduce(JSONValue.object([:])) { $0.merging($1.valueNode.isNull ? .object([:]) : $1.value) }
                let value = checker.complete(featureValue: JSONValue.object(base).merging(overrides), of: finished)
                if let problem = checker.problems(inFeatureValue: value, of: finished, partial: false).first {
                    throw ManifestError(at: declaration.key.mark, "the default value of \(context) for channel '\(channel)' is invalid: \(problem)")
                }
                perChannel[channel] = value
            }
            defaults[definition.id] = perChannel
        }

        let entries = featureDefinitions.mapValues { FeatureTable.Entry(definition: $0, defaults: defaults[$0.id] ?? [:]) }
        return FeatureManifest(channels: channels, files: files, features: FeatureTable(entries: entries), enums: enumDefinitions,
                               objects: objectDefinitions, checker: checker)
    }

    private func resolvedChannels() throws(ManifestError) -> [String] {
        guard let rootChannels else {
            var union: [String] = []
            for node in includedChannels where !union.contains(node.string!) { union.append(node.string!) }
            return union
        }
        for node in includedChannels where !rootChannels.contains(node.string!) {
            throw ManifestError(at: node.mark, "channel '\(node.string!)' is not declared by the root manifest \(files[0]); expected one of: \(rootChannels.joined(separator: ", "))")
        }
        return rootChannels
    }

    private func enumDefinition(_ declaration: Declaration) throws(ManifestError) -> EnumDefinition {
        let context = "enum '\(declaration.name)'"
        let entries = try Self.mapping(declaration.body, context)
        try Self.checkKeys(entries, allowed: ["description", "variants"], in: context)
        guard let variantsNode = declaration.body["variants"] else {
            throw ManifestError(at: declaration.key.mark, "missing 'variants' in \(context)")
        }
        var variants: [String] = []
        var descriptions: [String: String] = [:]
        for variant in try Self.mapping(variantsNode, "'variants' of \(context)") {
            let name = variant.key.string ?? ""
            if !variant.value.isNull {
                let body = try Self.mapping(variant.value, "variant '\(name)' of \(context)")
                try Self.checkKeys(body, allowed: ["description"], in: "variant '\(name)' of \(context)")
            }
            variants.append(name)
            descriptions[name] = try Self.optionalString(variant.value["description"], "'description'") ?? ""
        }
        return EnumDefinition(name: declaration.name,
                              description: try Self.optionalString(declaration.body["description"], "'description'") ?? "",
                              variants: variants, variantDescriptions: descriptions, location: declaration.key.mark)
    }

    private func objectDefinition(_ declaration: Declaration, resolve: (String) -> FMLType?) throws(ManifestError) -> ObjectDefinition {
        let context = "object '\(declaration.name)'"
        let entries = try Self.mapping(declaration.body, context)
        try Self.checkKeys(entries, allowed: ["description", "fields"], in: context)
        var fields: [VariableDefinition] = []
        for field in try Self.mapping(declaration.body["fields"] ?? YAMLNode(.mapping([]), mark: declaration.key.mark), "'fields' of \(context)") {
            let name = field.key.string ?? ""
            let fieldContext = "field '\(name)' of \(context)"
            let body = try Self.mapping(field.value, fieldContext)
            try Self.checkKeys(body, allowed: Self.fieldKeys, in: fieldContext)
            let type = try Self.type(of: field, resolve: resolve, context: fieldContext)
            fields.append(VariableDefinition(
                name: name, type: type,
                defaultValue: try Self.literalDefault(of: field, type: type, context: fieldContext),
                description: try Self.optionalString(field.value["description"], "'description'") ?? "",
                location: field.key.mark))
        }
        return ObjectDefinition(name: declaration.name,
                                description: try Self.optionalString(declaration.body["description"], "'description'") ?? "",
                                fields: fields, location: declaration.key.mark)
    }

    /// The feature with its variables' literal defaults, the variables whose default is written
    /// per channel, and the feature-level `defaults` blocks.
    private func feature(_ declaration: Declaration, resolve: (String) -> FMLType?, channels: [String])
        throws(ManifestError) -> (FeatureDefinition, [String: [DefaultsBlock]], [DefaultsBlock]) {
        let context = "feature '\(declaration.name)'"
        let entries = try Self.mapping(declaration.body, context)
        try Self.checkKeys(entries, allowed: Self.featureKeys, in: context)
        var variables: [VariableDefinition] = []
        var variableBlocks: [String: [DefaultsBlock]] = [:]
        for variable in try Self.mapping(declaration.body["variables"] ?? YAMLNode(.mapping([]), mark: declaration.key.mark), "'variables' of \(context)") {
            let name = variable.key.string ?? ""
            let variableContext = "variable '\(name)' of \(context)"
            let body = try Self.mapping(variable.value, variableContext)
            try Self.checkKeys(body, allowed: Self.variableKeys, in: variableContext)
            let type = try Self.type(of: variable, resolve: resolve, context: variableContext)
            var defaultValue: JSONValue
            // Firefox's messaging feature writes some variable defaults as channel blocks; a
            // List-typed default is always the list itself.
            if let node = variable.value["default"], DefaultsBlock.isBlockList(node), !Self.isList(type) {
                var blocks: [DefaultsBlock] = []
                for item in node.items! {
                    blocks.append(try DefaultsBlock(item, knownChannels: channels, context: variableContext))
                }
                variableBlocks[name] = blocks
                defaultValue = DefaultsBlock.mergedForEveryChannel(blocks) ?? (Self.isMapOrObject(type) ? .object([:]) : .null)
            } else {
                defaultValue = try Self.literalDefault(of: variable, type: type, context: variableContext)
            }
            variables.append(VariableDefinition(
                name: name, type: type, defaultValue: defaultValue,
                description: try Self.optionalString(variable.value["description"], "'description'") ?? "",
                stringAlias: variable.value["string-alias"]?.string,
                prefKey: try Self.optionalString(variable.value["pref-key"], "'pref-key'"),
                geckoPref: variable.value["gecko-pref"]?.jsonValue,
                location: variable.key.mark))
        }
        var blocks: [DefaultsBlock] = []
        if let node = declaration.body["defaults"], !node.isNull {
            for item in try Self.sequence(node, "'defaults' of \(context)") {
                blocks.append(try DefaultsBlock(item, knownChannels: channels, context: context))
            }
        }
        var allowCoenrollment = false
        if let node = declaration.body["allow-coenrollment"] {
            guard let flag = node.jsonValue.boolValue else {
                throw ManifestError(at: node.mark, "expected 'allow-coenrollment' of \(context) to be true or false, found \(node.jsonValue.kindName)")
            }
            allowCoenrollment = flag
        }
        let definition = FeatureDefinition(
            id: declaration.name,
            description: try Self.optionalString(declaration.body["description"], "'description'") ?? "",
            variables: variables, allowCoenrollment: allowCoenrollment, location: declaration.key.mark)
        return (definition, variableBlocks, blocks)
    }

    // MARK: Helpers

    private static func type(of entry: YAMLNode.Entry, resolve: (String) -> FMLType?, context: String) throws(ManifestError) -> FMLType {
        guard let node = entry.value["type"] else { throw ManifestError(at: entry.key.mark, "missing 'type' in \(context)") }
        switch FMLType.parse(try string(node, "'type'"), resolve: resolve) {
        case .success(let type): return type
        case .failure(let error): throw ManifestError(at: node.mark, "\(error.message) in \(context)")
        }
    }

    /// A `default` as written; a missing one is null, which only an `Option` accepts.
    private static func literalDefault(of entry: YAMLNode.Entry, type: FMLType, context: String) throws(ManifestError) -> JSONValue {
        guard let node = entry.value["default"] else {
            if case .option = type { return .null }
            throw ManifestError(at: entry.key.mark, "missing 'default' in \(context) (only Option types may omit it)")
        }
        return node.jsonValue
    }

    private static func isList(_ type: FMLType) -> Bool {
        if case .list = type { true } else { false }
    }

    private static func isMapOrObject(_ type: FMLType) -> Bool {
        switch type {
        case .map, .object: true
        default: false
        }
    }

    private static func checkAbout(_ node: YAMLNode) throws(ManifestError) {
        if node.isNull { return }
        let entries = try mapping(node, "'about'")
        try checkKeys(entries, allowed: aboutKeys, in: "'about'")
        for entry in entries where entry.key.string != "description" {
            _ = try mapping(entry.value, "'about.\(entry.key.string ?? "")'")
        }
    }

    private static func checkKeys(_ entries: [YAMLNode.Entry], allowed: [String], in context: String) throws(ManifestError) {
        for entry in entries where !allowed.contains(entry.key.string ?? "") {
            throw ManifestError(at: entry.key.mark, "unknown key '\(entry.key.string ?? "")' in \(context); expected one of: \(allowed.joined(separator: ", "))")
        }
    }

    private static func mapping(_ node: YAMLNode, _ what: String) throws(ManifestError) -> [YAMLNode.Entry] {
        try node.requireMapping(what)
    }

    private static func sequence(_ node: YAMLNode, _ what: String) throws(ManifestError) -> [YAMLNode] {
        try node.requireSequence(what)
    }

    private static func string(_ node: YAMLNode, _ what: String) throws(ManifestError) -> String {
        try node.requireString(what)
    }

    private static func optionalString(_ node: YAMLNode?, _ what: String) throws(ManifestError) -> String? {
        guard let node, !node.isNull else { return nil }
        return try string(node, what)
    }

    /// The manifest error for a type problem found in the value written at `node`: it points at
    /// the offending value (or key) inside `node` when the path leads there.
    static func error(_ problem: TypeProblem, in node: YAMLNode, _ context: String) -> ManifestError {
        var current = node
        var mark = node.mark
        for (offset, step) in problem.steps.enumerated() {
            switch step {
            case .key(let key):
                guard let entry = current.entries?.first(where: { $0.key.string == key }) else { break }
                let isLast = offset == problem.steps.count - 1
                mark = isLast && problem.isAboutKey ? entry.key.mark : entry.value.mark
                current = entry.value
                continue
            case .index(let index):
                guard let items = current.items, items.indices.contains(index) else { break }
                current = items[index]
                mark = current.mark
                continue
            }
            break
        }
        let location = problem.variable.isEmpty ? "" : " at '\(problem.variable)'"
        return ManifestError(at: mark, "\(context)\(location): \(problem.message)")
    }

    /// `a/./b/../c` → `a/c`, without touching the file system, so messages show the path the
    /// way the manifest spelled it. `..` at the root of an absolute path stays at the root, as
    /// the kernel reads it: `/a/../../etc/hostname` is `/etc/hostname`, not `/../etc/hostname`.
    static func lexicallyNormalized(_ path: String) -> String {
        let isAbsolute = path.hasPrefix("/")
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == "..", let last = parts.last, last != ".." { parts.removeLast(); continue }
            if part == "..", isAbsolute, parts.isEmpty { continue }
            parts.append(part)
        }
        let joined = parts.joined(separator: "/")
        return path.hasPrefix("/") ? "/" + joined : joined
    }
}
