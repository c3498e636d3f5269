#if canImport(Glibc)
import Glibc
#endif
import Platform
import Formats

/// Reads a root manifest, its includes and its imports into a checked `FeatureManifest`.
///
/// Loading happens in two passes because a feature in one file may use an enum, object or string
/// alias declared in any other: first every file is read and its top-level declarations
/// collected, then types are resolved and defaults checked and merged.
///
/// Files come in modules, as nimbus-fml groups them: a module is a manifest with the files it
/// includes; `import` brings in another module. An imported module's defaults are those of the
/// channel its import names (or of its only channel), and the importer's `features:` blocks
/// then apply over them for the importer's own channels. Types and features share one namespace
/// across modules: a name declared by two modules is an error, as it is upstream.
struct ManifestLoader {
    /// A named declaration (feature, enum, object) and the module that declares it. A class:
    /// each declaration passes through several lists and stages, and a copy of its three
    /// references was three reference counts.
    private final class Declaration {
        let name: String
        let key: YAMLNode
        let body: YAMLNode
        let module: Int

        init(name: String, key: YAMLNode, body: YAMLNode, module: Int) {
            self.name = name
            self.key = key
            self.body = body
            self.module = module
        }
    }

    /// One `import:` entry, its path resolved against the importing file.
    private struct Import {
        let pathNode: YAMLNode
        let path: String
        let identity: String
        let channelNode: YAMLNode
        /// `features:` of the import: each feature's override blocks, in the order they apply,
        /// and the examples it adds.
        var features: [(key: YAMLNode, blocks: [YAMLNode], examples: [YAMLNode])]
        var child = -1
    }

    /// A manifest and the files it includes.
    private struct Module {
        let path: String
        var loaded: Set<String> = []
        var channels: [String]?
        var includedChannels: [YAMLNode] = []
        var imports: [Import] = []
    }

    private static let topLevelKeys = ["about", "channels", "include", "includes", "import", "imports",
                                       "features", "enums", "objects", "types", "version"]
    private static let featureKeys = ["description", "variables", "defaults", "meta-bug", "documentation",
                                      "contacts", "events", "allow-coenrollment", "examples", "configurator"]
    /// nimbus-fml's other spellings: `default` for `defaults`, `owner`/`owners` for `contacts`.
    private static let featureKeyAliases = ["default", "owner", "owners"]
    private static let fieldKeys = ["type", "default", "description"]
    private static let aboutKeys = ["description", "kotlin", "android", "swift", "ios"]
    private static let importKeys = ["path", "channel", "features"]

    private var files: [String] = []
    /// What nimbus-fml refuses but this loader accepts with a warning, so an app whose manifest
    /// nimbus-fml would stop still opens in the menu, where the warning can be read and fixed.
    private var warnings: [String] = []
    private var modules: [Module] = []
    private var moduleByIdentity: [String: Int] = [:]
    private var features: [Declaration] = []
    private var enums: [Declaration] = []
    private var objects: [Declaration] = []

    // MARK: Pass 1: files

    mutating func load(path: String) throws(ManifestError) {
        _ = try loadModule(path: path, importedAt: nil)
    }

    private static func identity(of path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
    }

    /// Loads the module whose manifest is at `path` (once), then the modules it imports.
    private mutating func loadModule(path: String, importedAt anImport: Import?) throws(ManifestError) -> Int {
        let identity = Self.identity(of: path)
        if let known = moduleByIdentity[identity] { return known }
        if let anImport {
            try Self.checkIsFile(path, named: anImport.pathNode, what: "imported")
        }
        let module = modules.count
        modules.append(Module(path: path))
        moduleByIdentity[identity] = module
        let imports = try Self.mergedImports(try loadFile(path: path, module: module, includedAt: nil))
        modules[module].imports = imports
        for index in imports.indices {
            let child = try loadModule(path: imports[index].path, importedAt: imports[index])
            modules[module].imports[index].child = child
        }
        return module
    }

    /// An include or import that names no readable file is that line's fault, so it is reported
    /// there rather than at line 1 of something that is no file.
    static func checkIsFile(_ path: String, named node: YAMLNode, what: String) throws(ManifestError) {
        let spelled = node.string ?? ""
        if !FileManager.default.fileExists(atPath: path) {
            throw ManifestError(at: node.mark, "\(what) file '\(spelled)' not found (looked for \(path), \(what) from \(node.mark.file))")
        }
        var info = stat()
        if stat(path, &info) != 0 || info.st_mode & S_IFMT != S_IFREG {
            throw ManifestError(at: node.mark, "\(what) path '\(spelled)' is not a file (\(path), \(what) from \(node.mark.file))")
        }
    }

    /// Reads one file of `module` and the files it includes; returns the module's imports found
    /// there, in the order nimbus-fml merges them (an included file's blocks before the
    /// including file's, later includes first).
    private mutating func loadFile(path: String, module: Int, includedAt include: YAMLNode?) throws(ManifestError) -> [Import] {
        guard modules[module].loaded.insert(Self.identity(of: path)).inserted else { return [] }
        if let include { try Self.checkIsFile(path, named: include, what: "included") }
        files.append(path)

        let root: YAMLNode
        root = try YAMLReader.read(path: path)
        if root.isNull { return [] }
        let entries = try Self.mapping(root, "the top level of a Feature Manifest")
        var includes: [YAMLNode] = []
        var imports: [Import] = []
        var seenKeys: [String: YAMLNode] = [:]
        for entry in entries {
            let key = entry.key.string ?? ""
            let value = entry.value
            // `include` and `includes` (and the other aliases) are one field upstream.
            let field = ["include": "includes", "import": "imports"][key] ?? key
            if let first = seenKeys[field] {
                throw ManifestError(at: entry.key.mark, "'\(key)' is given twice (also as '\(first.string ?? "")' at \(first.mark)); write one list")
            }
            seenKeys[field] = entry.key
            switch key {
            case "about":
                if let warning = try Self.checkAbout(value, includedAt: include) { warnings.append(warning.description) }
            case "channels":
                let items = try Self.sequence(value, "'channels'")
                for item in items { _ = try Self.string(item, "a channel name") }
                if include == nil {
                    var seen: Set<String> = []
                    for item in items where !seen.insert(item.string!).inserted {
                        throw ManifestError(at: item.mark, "duplicate channel '\(item.string!)'")
                    }
                    modules[module].channels = items.map { $0.string! }
                } else {
                    modules[module].includedChannels += items
                }
            case "include", "includes":
                if value.isNull { continue }
                for item in try Self.sequence(value, "'\(key)'") {
                    _ = try Self.string(item, "an include path")
                    includes.append(item)
                }
            case "import", "imports":
                if value.isNull { continue }
                for item in try Self.sequence(value, "'\(key)'") {
                    imports.append(try Self.importBlock(item, from: path))
                }
            case "features":
                features += try declarations(value, "'features'", module: module)
            case "enums":
                enums += try declarations(value, "'enums'", module: module)
            case "objects":
                objects += try declarations(value, "'objects'", module: module)
            case "types":
                // The legacy spelling (Focus for Android): enums and objects under one key.
                if value.isNull { continue }
                let types = try Self.mapping(value, "'types'")
                try Self.checkKeys(types, allowed: ["enums", "objects"], in: "'types'")
                if let node = value["enums"] { enums += try declarations(node, "'types.enums'", module: module) }
                if let node = value["objects"] { objects += try declarations(node, "'types.objects'", module: module) }
            case "version":
                // Written as `1.0` or `1.0.0`: any scalar will do.
                guard value.isScalar else {
                    throw ManifestError(at: value.mark, "expected 'version' to be a scalar such as 1.0.0, found a \(value.kindName)")
                }
            default:
                throw ManifestError(at: entry.key.mark, "unknown top-level key '\(key)'; expected one of: \(Self.topLevelKeys.joined(separator: ", "))")
            }
        }
        let directory = FilePathText.folder(of: path)
        var included: [[Import]] = []
        for item in includes {
            let relative = item.string!
            let resolved = relative.hasPrefix("/") ? relative : FilePathText.joined(directory, relative)
            included.append(try loadFile(path: Self.lexicallyNormalized(resolved), module: module, includedAt: item))
        }
        return included.reversed().flatMap { $0 } + imports
    }

    /// Reads one entry of `import:`.
    private static func importBlock(_ node: YAMLNode, from file: String) throws(ManifestError) -> Import {
        let entries = try mapping(node, "an entry of 'import'")
        try checkKeys(entries, allowed: importKeys, in: "an entry of 'import'")
        guard let pathNode = node["path"] else {
            throw ManifestError(at: node.mark, "missing 'path' in an entry of 'import': the manifest file to import, relative to \(file)")
        }
        let spelled = try string(pathNode, "'path' of an import")
        if spelled.hasPrefix("@") || spelled.contains("://") {
            let form = spelled.hasPrefix("@") ? "a GitHub repository reference" : "a URL"
            throw ManifestError(at: pathNode.mark, "import path '\(spelled)' is \(form), which needs the network to resolve; "
                + "vendor it: copy that manifest (and the files it includes) into this repository and import it by a relative path")
        }
        guard let channelNode = node["channel"] else {
            throw ManifestError(at: node.mark, "missing 'channel' in the import of '\(spelled)': name the channel of that manifest this one is built with")
        }
        _ = try string(channelNode, "'channel' of the import of '\(spelled)'")
        var additions: [(key: YAMLNode, blocks: [YAMLNode], examples: [YAMLNode])] = []
        if let featuresNode = node["features"], !featuresNode.isNull {
            for feature in try mapping(featuresNode, "'features' of the import of '\(spelled)'") {
                let (blocks, examples) = try overrideBlocks(feature.value, feature: feature.key.string ?? "", path: spelled)
                additions.append((feature.key, blocks, examples))
            }
        }
        let resolved = spelled.hasPrefix("/") ? spelled : FilePathText.joined(FilePathText.folder(of: file), spelled)
        let path = lexicallyNormalized(resolved)
        return Import(pathNode: pathNode, path: path, identity: identity(of: path), channelNode: channelNode, features: additions)
    }

    /// An imported feature's additions: the defaults blocks and the examples they hold. Written
    /// as a list of blocks (each may be wrapped as `default:`/`defaults:`; `example:` entries
    /// are examples), or as a mapping `{defaults: [...], examples: [...]}`.
    private static func overrideBlocks(_ node: YAMLNode, feature: String, path: String) throws(ManifestError) -> ([YAMLNode], [YAMLNode]) {
        let context = "the overrides of feature '\(feature)' in the import of '\(path)'"
        if node.isNull { return ([], []) }
        if let entries = node.entries {
            try checkKeys(entries, allowed: ["defaults", "examples"], in: context)
            let defaults = node["defaults"].flatMap { $0.isNull ? nil : $0 }
            let examples = node["examples"].flatMap { $0.isNull ? nil : $0 }
            return (try defaults.map { (node: YAMLNode) throws(ManifestError) -> [YAMLNode] in try sequence(node, "'defaults' of \(context)") } ?? [],
                    try examples.map { (node: YAMLNode) throws(ManifestError) -> [YAMLNode] in try sequence(node, "'examples' of \(context)") } ?? [])
        }
        var blocks: [YAMLNode] = [], examples: [YAMLNode] = []
        for item in try sequence(node, context) {
            if let entries = item.entries, entries.count == 1, let key = entries[0].key.string {
                if key == "example" { examples.append(entries[0].value); continue }
                if key == "default" || key == "defaults" { blocks.append(entries[0].value); continue }
            }
            blocks.append(item)
        }
        return (blocks, examples)
    }

    /// One import per file: imports of the same file from a module's files merge their blocks,
    /// and must agree on the channel.
    private static func mergedImports(_ imports: [Import]) throws(ManifestError) -> [Import] {
        var merged: [Import] = []
        for anImport in imports {
            guard let index = merged.firstIndex(where: { $0.identity == anImport.identity }) else {
                merged.append(anImport)
                continue
            }
            let first = merged[index].channelNode, second = anImport.channelNode
            if first.string != second.string {
                throw ManifestError(at: second.mark, "\(anImport.path) is imported with two different channels: "
                    + "'\(first.string ?? "")' (at \(first.mark)) and '\(second.string ?? "")'; import it with one channel")
            }
            for feature in anImport.features {
                if let existing = merged[index].features.firstIndex(where: { $0.key.string == feature.key.string }) {
                    merged[index].features[existing].blocks += feature.blocks
                    merged[index].features[existing].examples += feature.examples
                } else {
                    merged[index].features.append(feature)
                }
            }
        }
        return merged
    }

    private func declarations(_ node: YAMLNode, _ what: String, module: Int) throws(ManifestError) -> [Declaration] {
        if node.isNull { return [] }
        return try Self.mapping(node, what).map { Declaration(name: $0.key.string ?? "", key: $0.key, body: $0.value, module: module) }
    }

    // MARK: Pass 2: types, definitions, defaults

    /// A feature read from its declaration, before its defaults are resolved for a channel. A
    /// class, so that the stages below pass a feature along by reference: copying a value of
    /// this size for each of 100,000 features in every stage was much of what a load cost.
    private final class ParsedFeature {
        /// Completed from the objects' field defaults once those are known (`completeFeature`).
        var definition: FeatureDefinition
        /// nil once the checks that point into it are made (`release()`).
        private(set) var declaration: Declaration?
        let module: Int
        let keyMark: YAMLMark
        private(set) var variableBlocks: [String: [DefaultsBlock]]
        private(set) var blocks: [DefaultsBlock]

        init(definition: FeatureDefinition, declaration: Declaration, variableBlocks: [String: [DefaultsBlock]], blocks: [DefaultsBlock]) {
            self.definition = definition
            self.declaration = declaration
            module = declaration.module
            keyMark = declaration.key.mark
            self.variableBlocks = variableBlocks
            self.blocks = blocks
        }

        /// Lets go of every node of the feature's file, so that a file's document is freed as
        /// soon as its features are read and checked rather than when the whole load ends: the
        /// documents of a large app are most of what a load holds.
        func release() {
            declaration = nil
            // In place: mapping the list made a new array per feature. Variables written with
            // blocks of their own are rare.
            for index in blocks.indices { blocks[index].detach() }
            if !variableBlocks.isEmpty {
                variableBlocks = variableBlocks.mapValues { $0.map { block in var block = block; block.detach(); return block } }
            }
        }
    }

    /// The features in declaration order, and where each id is in it.
    private struct ParsedFeatures {
        var all: [ParsedFeature] = []
        var position: [String: Int] = [:]
        /// The first feature whose written defaults do not check (stage 4), reported only after
        /// every feature is read, so a declaration error anywhere still comes first.
        var checkError: ManifestError?

        subscript(id: String) -> ParsedFeature? { position[id].map { all[$0] } }
    }

    /// What one import's `features:` does to one feature: blocks of the importer's channels.
    private struct Override {
        let importer: Int
        let feature: String
        let blocks: [DefaultsBlock]
        let importPath: String
    }

    /// Every type name declarations may use (enums, objects, string aliases), and the string
    /// aliases each feature declares, by feature and alias.
    private struct DeclaredNames {
        var types: [String: (FMLType, YAMLMark)] = [:]
        var featureAliases: [String: [String: YAMLNode]] = [:]

        mutating func declare(_ name: String, _ type: FMLType, _ mark: YAMLMark, _ kind: String) throws(ManifestError) {
            if let (existing, first) = types[name] {
                // Each feature declares the string aliases it uses, so two may declare the same.
                if case .stringAlias = existing, case .stringAlias = type { return }
                throw ManifestError(at: mark, "\(kind) '\(name)' is already declared at \(first)")
            }
            types[name] = (type, mark)
        }
    }

    /// The result of walking the imports: the channel each imported module is read for, and
    /// the importers' overrides in the order they apply.
    private struct ResolvedImports {
        var moduleChannel: [Int: String] = [:]
        var overrides: [Override] = []
    }

    /// Resolves, checks and merges everything pass 1 read, in stages: names, definitions,
    /// feature checks, imports, the defaults of every channel, then string-alias warnings.
    ///
    /// Stage 3 is worked out before stage 2 and each feature is checked (stage 4) right after it
    /// is read, so its file's nodes can go; the errors are still reported in the stages' order.
    /// The loader gives up its declarations here, so it is built once.
    mutating func build() throws(ManifestError) -> FeatureManifest {
        let moduleChannels = try modules.indices.map { (index: Int) throws(ManifestError) -> [String] in try resolvedChannels(of: index) }
        let channels = moduleChannels[0]
        var warnings = warnings

        let names = try declaredNames()
        let resolve: (String) -> FMLType? = { names.types[$0]?.0 }
        var enumDefinitions: [String: EnumDefinition] = [:]
        for declaration in enums {
            enumDefinitions[declaration.name] = try enumDefinition(declaration)
        }
        var rawObjects: [String: ObjectDefinition] = [:]
        for declaration in objects {
            rawObjects[declaration.name] = try objectDefinition(declaration, resolve: resolve)
        }
        var objectsError: ManifestError?
        var objectDefinitions: [String: ObjectDefinition] = [:]
        do {
            objectDefinitions = try completedObjects(rawObjects, enums: enumDefinitions)
        } catch {
            objectsError = error
        }
        let checker = ValueChecker(enums: enumDefinitions, objects: objectDefinitions)
        // Popped one by one, so that no list of declarations keeps the documents alive.
        var pending = Array(features.reversed())
        features = []
        let parsed = try parsedFeatures(&pending, resolve: resolve, moduleChannels: moduleChannels, names: names,
                                        objectAliases: Self.objectAliases(rawObjects), checker: objectsError == nil ? checker : nil,
                                        warnings: &warnings)
        if let objectsError { throw objectsError }
        if let error = parsed.checkError { throw error }
        let imports = try resolvedImports(parsed, moduleChannels: moduleChannels, checker: checker)
        let defaults = try channelDefaults(parsed, channels: channels, imports: imports, checker: checker)
        warnings += aliasWarnings(parsed, defaults: defaults, channels: channels, objects: objectDefinitions)

        // Features of modules no channel reaches (none, or a root without channels) still exist.
        var entries: [String: FeatureTable.Entry] = Dictionary(minimumCapacity: parsed.all.count)
        var ids: [String] = []
        ids.reserveCapacity(parsed.all.count)
        for (index, feature) in parsed.all.enumerated() {
            let id = feature.definition.id
            entries[id] = FeatureTable.Entry(definition: feature.definition, defaults: defaults[index])
            ids.append(id)
        }
        return FeatureManifest(channels: channels, files: files, features: FeatureTable(entries: entries, ids: ids), enums: enumDefinitions,
                               objects: objectDefinitions, checker: checker, warnings: warnings)
    }

    /// Stage 1: every declared name first, so declarations may refer to each other in any order.
    private func declaredNames() throws(ManifestError) -> DeclaredNames {
        var names = DeclaredNames()
        for declaration in enums { try names.declare(declaration.name, .enumeration(declaration.name), declaration.key.mark, "enum") }
        for declaration in objects { try names.declare(declaration.name, .object(declaration.name), declaration.key.mark, "object") }
        for feature in features {
            try feature.body["variables"]?.forEachEntry { (_, variable) throws(ManifestError) in
                guard let alias = variable["string-alias"] else { return }
                let name = try Self.string(alias, "'string-alias'")
                if let first = names.featureAliases[feature.name]?[name] {
                    throw ManifestError(at: alias.mark, "the string-alias '\(name)' should only be declared once per feature "
                        + "(feature '\(feature.name)' declares it at \(first.mark) too)")
                }
                names.featureAliases[feature.name, default: [:]][name] = alias
                try names.declare(name, .stringAlias(name), alias.mark, "string alias")
            }
        }
        return names
    }

    /// Stage 2: each feature read from its declaration (a name declared twice is an error),
    /// with the string-alias warnings of its declaration.
    /// Each feature is then checked and completed (stage 4) with `checker`, unless the objects
    /// did not check (nil), and lets go of its nodes.
    private func parsedFeatures(_ pending: inout [Declaration], resolve: (String) -> FMLType?, moduleChannels: [[String]],
                                names: DeclaredNames, objectAliases: [String: Set<String>], checker: ValueChecker?,
                                warnings: inout [String]) throws(ManifestError) -> ParsedFeatures {
        var parsed = ParsedFeatures()
        parsed.all.reserveCapacity(pending.count)
        parsed.position.reserveCapacity(pending.count)
        var parsedTypes: [String: FMLType] = [:]
        while let declaration = pending.popLast() {
            if let first = parsed[declaration.name] {
                let whose = first.module == declaration.module ? "" : "; one name may be declared by only one of the manifests an app imports"
                throw ManifestError(at: declaration.key.mark, "feature '\(declaration.name)' is already declared at \(first.keyMark)\(whose)")
            }
            let (definition, variableBlocks, blocks) = try feature(declaration, resolve: resolve, channels: moduleChannels[declaration.module],
                                                                 parsedTypes: &parsedTypes)
            warnings += checkStringAliases(of: definition, declaredAt: names.featureAliases[declaration.name] ?? [:], objectAliases: objectAliases)
                .map(\.description)
            parsed.position[declaration.name] = parsed.all.count
            let feature = ParsedFeature(definition: definition, declaration: declaration, variableBlocks: variableBlocks, blocks: blocks)
            parsed.all.append(feature)
            if let checker, parsed.checkError == nil {
                do {
                    try completeFeature(feature, checker: checker)
                    feature.release()
                } catch {
                    parsed.checkError = error
                }
            }
        }
        return parsed
    }

    /// Stage 3: object field defaults checked, then completed from the other objects' defaults.
    private func completedObjects(_ definitions: [String: ObjectDefinition],
                                  enums: [String: EnumDefinition]) throws(ManifestError) -> [String: ObjectDefinition] {
        let rawChecker = ValueChecker(enums: enums, objects: definitions)
        for declaration in objects {
            let object = definitions[declaration.name]!
            let fieldNodes = declaration.body["fields"]
            for field in object.fields {
                guard let node = fieldNodes?[field.name]?["default"] else { continue }
                let problems = rawChecker.problems(in: field.defaultValue, as: field.type, at: [], partial: true)
                if let problem = problems.first {
                    throw Self.error(problem, in: node, "invalid default for field '\(field.name)' of object '\(object.name)'")
                }
            }
        }
        var completed = definitions
        for (name, object) in definitions {
            let fields = object.fields.map { $0.with(defaultValue: rawChecker.complete($0.defaultValue, as: $0.type)) }
            completed[name] = ObjectDefinition(name: name, description: object.description, fields: fields, location: object.location)
        }
        return completed
    }

    /// Stage 4: a feature's written defaults checked, and its variables' defaults completed.
    private func completeFeature(_ feature: ParsedFeature, checker: ValueChecker) throws(ManifestError) {
        try checkLiteralDefaults(of: feature, checker: checker)
        let definition = feature.definition
        guard definition.variables.contains(where: { ValueChecker.mayComplete($0.type) }) else { return }
        let completed = definition.variables.map { $0.with(defaultValue: checker.complete($0.defaultValue, as: $0.type)) }
        feature.definition = FeatureDefinition(id: definition.id, description: definition.description, variables: completed,
                                               allowCoenrollment: definition.allowCoenrollment, location: definition.location)
    }

    /// Stage 5: the imports, in the order nimbus-fml walks them: a module's channel is fixed the
    /// first time it is imported, and every importer's overrides apply in that walk's order.
    private func resolvedImports(_ parsed: ParsedFeatures, moduleChannels: [[String]],
                                 checker: ValueChecker) throws(ManifestError) -> ResolvedImports {
        var resolved = ResolvedImports()
        var visited: Set<Int> = [0]
        func walk(_ module: Int) throws(ManifestError) {
            for anImport in modules[module].imports {
                let child = anImport.child
                if !visited.contains(child) {
                    visited.insert(child)
                    let declared = moduleChannels[child]
                    let named = anImport.channelNode.string ?? ""
                    if declared.count == 1 {
                        resolved.moduleChannel[child] = declared[0]
                    } else if declared.isEmpty || declared.contains(named) {
                        resolved.moduleChannel[child] = named
                    } else {
                        throw ManifestError(at: anImport.channelNode.mark, "channel '\(named)' is not declared by the imported manifest \(anImport.path); "
                            + "expected one of: \(declared.joined(separator: ", "))")
                    }
                    try walk(child)
                }
                for (key, nodes, examples) in anImport.features {
                    let name = key.string ?? ""
                    guard let target = parsed[name], target.module == child else {
                        let own = parsed.all.filter { $0.module == child }.map(\.definition.id).sorted()
                        let reason = parsed[name].map { "it is declared by \(modules[$0.module].path), which \(anImport.path) imports; a manifest may only override the features of the files it imports directly" } ?? "no such feature"
                        throw ManifestError(at: key.mark, "cannot override defaults of feature '\(name)' from \(anImport.path): \(reason); "
                            + "its features are: \(own.isEmpty ? "(none)" : own.joined(separator: ", "))")
                    }
                    let context = "feature '\(name)' imported from \(anImport.path)"
                    var blocks: [DefaultsBlock] = []
                    for node in nodes {
                        let block = try DefaultsBlock(node, knownChannels: moduleChannels[module], context: context)
                        try Self.checkBlock(block, of: target.definition, checker: checker, context: context)
                        blocks.append(block)
                    }
                    for node in examples {
                        try Self.checkExample(node, in: anImport.pathNode.mark.file, of: target.definition, checker: checker, context: context)
                    }
                    resolved.overrides.append(Override(importer: module, feature: name, blocks: blocks, importPath: anImport.path))
                }
            }
        }
        try walk(0)
        return resolved
    }

    /// Stage 6: every feature's complete value for each channel, by position in `parsed.all`.
    /// An imported module's features have the value of the channel it is imported for; the
    /// root's are resolved per channel, and then the overrides apply.
    ///
    /// A root feature that no import overrides, whose variables each have one literal default
    /// and whose types hold no object, has a value that is a plain merge, which cannot fail:
    /// it is left to be merged when asked for (most features of a large app are such).
    private func channelDefaults(_ parsed: ParsedFeatures, channels: [String], imports: ResolvedImports,
                                 checker: ValueChecker) throws(ManifestError) -> [ChannelDefaults] {
        let overridden = Set(imports.overrides.map(\.feature))
        // One pass sorts the features out, and the passes per channel visit only those that
        // need work: visiting each of 100,000 features once per channel touched every one of
        // them, scattered over the heap, to skip nearly all.
        var isMerge = [Bool](repeating: false, count: parsed.all.count)
        var resolvedPerChannel: [Int] = []
        var fixed: [Int: JSONValue] = [:]
        for (index, feature) in parsed.all.enumerated() {
            if feature.module != 0 {
                guard let channel = imports.moduleChannel[feature.module] else { continue }
                fixed[index] = try defaultValue(of: feature, channel: channel, checker: checker)
            } else if feature.variableBlocks.isEmpty && !overridden.contains(feature.definition.id)
                        && !feature.definition.variables.contains(where: { ValueChecker.mayComplete($0.type) }) {
                isMerge[index] = true
            } else {
                resolvedPerChannel.append(index)
            }
        }
        var defaults = isMerge.map { $0 ? [] : [JSONValue?](repeating: nil, count: channels.count) }
        // Channels whose defaults blocks are the same give the same value: most features have
        // no block, or one for a single channel, so it is worked out once per distinct set.
        var known = [[(applying: [Bool], value: JSONValue)]](repeating: [], count: parsed.all.count)
        for (slot, channel) in channels.enumerated() {
            var values: [Int: JSONValue] = fixed
            for index in resolvedPerChannel {
                let feature = parsed.all[index]
                let applying = Self.applyingBlocks(of: feature, channel: channel)
                if let value = known[index].first(where: { $0.applying == applying })?.value {
                    defaults[index][slot] = value
                    continue
                }
                let value = try defaultValue(of: feature, channel: channel, checker: checker)
                known[index].append((applying, value))
                defaults[index][slot] = value
            }
            for override in imports.overrides {
                let index = parsed.position[override.feature]!
                let importerChannel = override.importer == 0 ? channel : imports.moduleChannel[override.importer] ?? channel
                let merged = DefaultsBlock.overrides(override.blocks, for: importerChannel)
                let feature = parsed.all[index].definition
                let current = values[index] ?? defaults[index][slot] ?? .object([:])
                values[index] = checker.complete(featureValue: current.merging(merged), of: feature)
            }
            for override in imports.overrides {
                let index = parsed.position[override.feature]!
                let feature = parsed.all[index].definition
                if let problem = checker.problems(inFeatureValue: values[index] ?? defaults[index][slot] ?? .null, of: feature, partial: false).first {
                    throw ManifestError(at: override.blocks.first?.valueMark ?? feature.location,
                                        "the default value of feature '\(feature.id)' (imported from \(override.importPath)) for channel '\(channel)' is invalid: \(problem)")
                }
            }
            for (index, value) in values { defaults[index][slot] = value }
        }
        return parsed.all.indices.map { index in
            isMerge[index] ? ChannelDefaults(channels: channels, variables: parsed.all[index].definition.variables, blocks: parsed.all[index].blocks)
                : ChannelDefaults(channels: channels, values: defaults[index])
        }
    }

    /// Which of `feature`'s blocks (its `defaults`, then each variable's in order) apply to
    /// `channel`: two channels alike here have the same default value.
    private static func applyingBlocks(of feature: ParsedFeature, channel: String) -> [Bool] {
        var applying = feature.blocks.map { $0.applies(to: channel) }
        if !feature.variableBlocks.isEmpty {
            for variable in feature.definition.variables {
                applying += (feature.variableBlocks[variable.name] ?? []).map { $0.applies(to: channel) }
            }
        }
        return applying
    }

    /// Stage 7: what is written for a string alias must be a value its declaring variable
    /// lists. This loader never checked it, so a value that is not is a warning (once per
    /// feature and problem, naming the first channel that has it). Variable defaults written per
    /// channel (Firefox for iOS's messaging) are this loader's reading, not nimbus-fml's, which
    /// has no rule for them to break, so such features are left out.
    private func aliasWarnings(_ parsed: ParsedFeatures, defaults: [ChannelDefaults], channels: [String],
                               objects: [String: ObjectDefinition]) -> [String] {
        var warnings: [String] = []
        let aliasChecker = StringAliasChecker(objects: objects)
        // Only the features that declare an alias, sorted by id so the warnings come in order:
        // sorting every id of a large app for none of them was a cost of every load.
        let declaring = parsed.all.indices.filter { index in
            let feature = parsed.all[index]
            return feature.variableBlocks.isEmpty && feature.definition.variables.contains { $0.stringAlias != nil }
        }
        for index in declaring.sorted(by: { parsed.all[$0].definition.id < parsed.all[$1].definition.id }) {
            let definition = parsed.all[index].definition, id = definition.id
            var seen: Set<String> = []
            for (slot, channel) in channels.enumerated() {
                guard let value = defaults[index][slot: slot] else { continue }
                for problem in aliasChecker.problems(in: value, of: definition) where seen.insert(problem).inserted {
                    warnings.append(ManifestError(at: definition.location, "in the default of feature '\(id)' for channel '\(channel)', "
                        + "\(problem), which nimbus-fml refuses").description)
                }
            }
        }
        return warnings
    }

    /// The checks of a feature's written defaults that do not depend on a channel.
    private func checkLiteralDefaults(of parsed: ParsedFeature, checker: ValueChecker) throws(ManifestError) {
        let definition = parsed.definition, declaration = parsed.declaration!
        // Made only for a message: this runs for every feature.
        func context() -> String { "feature '\(definition.id)'" }
        for variable in definition.variables {
            // The node a problem points into is looked up only for the message.
            func check(_ value: JSONValue, writtenAt node: @autoclosure () -> YAMLNode?) throws(ManifestError) {
                guard let problem = checker.problems(in: value, as: variable.type, at: [], partial: true).first else { return }
                throw Self.error(problem, in: node() ?? declaration.key, "invalid default for variable '\(variable.name)' of \(context())")
            }
            if let blocks = parsed.variableBlocks[variable.name] {
                for block in blocks { try check(block.value, writtenAt: block.valueNode) }
            } else {
                try check(variable.defaultValue, writtenAt: declaration.body["variables"]?[variable.name]?["default"])
            }
        }
        for block in parsed.blocks {
            try Self.checkBlock(block, of: definition, checker: checker, context: context())
        }
        if let examples = declaration.body["examples"], !examples.isNull {
            for node in try Self.sequence(examples, "'examples' of \(context())") {
                try Self.checkExample(node, in: declaration.key.mark.file, of: definition, checker: checker, context: context())
            }
        }
    }

    /// An example shows a (partial) value of the feature: nimbus-fml refuses one that does not
    /// fit it, naming the example.
    private static func checkExample(_ node: YAMLNode, in file: String, of definition: FeatureDefinition, checker: ValueChecker,
                                     context: String) throws(ManifestError) {
        let example = try FeatureExample.read(node, relativeTo: file, context: context)
        guard example.valueNode.isMapping else {
            throw ManifestError(at: example.valueNode.mark, "expected the value of example '\(example.name)' of \(context) to be a mapping of variables, found a \(example.valueNode.kindName)")
        }
        if let problem = checker.problems(inFeatureValue: example.value, of: definition, partial: true).first {
            throw error(problem, in: example.valueNode, "invalid example '\(example.name)' of \(context)")
        }
    }

    /// A defaults block must be a mapping of the feature's variables, each of its type.
    private static func checkBlock(_ block: DefaultsBlock, of definition: FeatureDefinition, checker: ValueChecker,
                                   context: @autoclosure () -> String) throws(ManifestError) {
        guard block.valueNode.isMapping || block.valueNode.isNull else {
            throw ManifestError(at: block.valueNode.mark, "expected the value of a defaults block of \(context()) to be a mapping of variables, found a \(block.valueNode.kindName)")
        }
        let value = block.valueNode.isNull ? JSONValue.object([:]) : block.value
        if let problem = checker.problems(inFeatureValue: value, of: definition, partial: true).first {
            throw error(problem, in: block.valueNode, "invalid defaults block of \(context())")
        }
    }

    /// The feature's complete value for `channel`: variable defaults, then the `defaults` blocks
    /// that apply, merged together first as upstream does.
    private func defaultValue(of parsed: ParsedFeature, channel: String, checker: ValueChecker) throws(ManifestError) -> JSONValue {
        let definition = parsed.definition
        func context() -> String { "feature '\(definition.id)'" }
        var base: [String: JSONValue] = Dictionary(minimumCapacity: definition.variables.count)
        for variable in definition.variables {
            if let variableBlocks = parsed.variableBlocks[variable.name] {
                if let merged = DefaultsBlock.merged(variableBlocks, for: channel) {
                    base[variable.name] = merged
                } else if case .map = variable.type {
                    base[variable.name] = .object([:])
                } else if case .object = variable.type {
                    base[variable.name] = .object([:])
                } else {
                    throw ManifestError(at: variable.location, "variable '\(variable.name)' of \(context()) has no default for channel '\(channel)'")
                }
            } else {
                base[variable.name] = variable.defaultValue
            }
        }
        let merged = ChannelDefaults.value(base: base, blocks: parsed.blocks, channel: channel)
        // Every part was checked against its variable's type in stage 4. Where no type holds an
        // object, completing changes nothing and a merge of checked parts is a checked whole, so
        // the check below could not fail: it is most of the cost of this stage for a large app.
        guard definition.variables.contains(where: { ValueChecker.mayComplete($0.type) }) else { return merged }
        let value = checker.complete(featureValue: merged, of: definition)
        if let problem = checker.problems(inFeatureValue: value, of: definition, partial: false).first {
            throw ManifestError(at: parsed.keyMark, "the default value of \(context()) for channel '\(channel)' is invalid: \(problem)")
        }
        return value
    }

    /// Each feature declares the string aliases its variables (and the objects they reach) use,
    /// and each declared alias is part of its own variable's type, as nimbus-fml requires
    /// (`schema/validator.rs`). This loader once let any feature use any feature's alias, so
    /// what breaks those rules is a warning, not an error. `objectAliases` is what each object
    /// reaches (`Self.objectAliases`).
    private func checkStringAliases(of feature: FeatureDefinition, declaredAt declared: [String: YAMLNode],
                                    objectAliases: [String: Set<String>]) -> [ManifestError] {
        var warnings: [ManifestError] = []
        for variable in feature.variables {
            guard let alias = variable.stringAlias, let node = declared[alias] else { continue }
            if !Self.aliases(in: variable.type, objectAliases: [:]).contains(alias) {
                warnings.append(ManifestError(at: node.mark, "the string-alias '\(alias)' is not part of the type of variable '\(variable.name)' "
                    + "of feature '\(feature.id)' (\(variable.type)), which nimbus-fml refuses"))
            }
        }
        var used: Set<String> = []
        for variable in feature.variables {
            used.formUnion(Self.aliases(in: variable.type, objectAliases: objectAliases))
        }
        for missing in used.subtracting(declared.keys).sorted() {
            warnings.append(ManifestError(at: feature.location, "the string-alias '\(missing)' is used by, but not declared in, feature '\(feature.id)', "
                + "which nimbus-fml refuses; declare it with `string-alias: \(missing)` on this feature's variable that lists its values"))
        }
        return warnings
    }

    /// The string aliases `type` names, with those of the objects it names.
    private static func aliases(in type: FMLType, objectAliases: [String: Set<String>]) -> Set<String> {
        var found: Set<String> = [], objects: [String] = []
        collect(type, aliases: &found, objects: &objects)
        for name in objects { found.formUnion(objectAliases[name] ?? []) }
        return found
    }

    /// The aliases and object names inside `type` (type arguments nest at most
    /// `FMLType.maximumDepth` deep).
    private static func collect(_ type: FMLType, aliases: inout Set<String>, objects: inout [String]) {
        switch type {
        case .stringAlias(let name): aliases.insert(name)
        case .option(let inner), .list(let inner): collect(inner, aliases: &aliases, objects: &objects)
        case .map(let key, let value):
            collect(key, aliases: &aliases, objects: &objects)
            collect(value, aliases: &aliases, objects: &objects)
        case .object(let name): objects.append(name)
        default: break
        }
    }

    /// Every string alias each object reaches through its fields and the objects they name: one
    /// depth-first walk with an explicit stack, each object finished once, so a long chain or a
    /// dense web of objects costs time in proportion to its size. (In a cycle, an object reached
    /// again while its own walk is open adds its direct aliases only.)
    private static func objectAliases(_ definitions: [String: ObjectDefinition]) -> [String: Set<String>] {
        var direct: [String: Set<String>] = [:], references: [String: [String]] = [:]
        for (name, object) in definitions {
            var aliases: Set<String> = [], objects: [String] = []
            for field in object.fields { collect(field.type, aliases: &aliases, objects: &objects) }
            direct[name] = aliases
            references[name] = objects.filter { definitions[$0] != nil }
        }
        var finished: [String: Set<String>] = [:]
        var open: Set<String> = []
        for root in definitions.keys.sorted() where finished[root] == nil {
            var stack: [(name: String, next: Int)] = [(root, 0)]
            open.insert(root)
            while let top = stack.last {
                let children = references[top.name] ?? []
                if top.next < children.count {
                    stack[stack.count - 1].next += 1
                    let child = children[top.next]
                    if finished[child] == nil, !open.contains(child) {
                        stack.append((child, 0))
                        open.insert(child)
                    }
                    continue
                }
                var all = direct[top.name] ?? []
                for child in children { all.formUnion(finished[child] ?? direct[child] ?? []) }
                finished[top.name] = all
                open.remove(top.name)
                stack.removeLast()
            }
        }
        return finished
    }

    private func resolvedChannels(of module: Int) throws(ManifestError) -> [String] {
        let included = modules[module].includedChannels
        guard let rootChannels = modules[module].channels else {
            var union: [String] = []
            for node in included where !union.contains(node.string!) { union.append(node.string!) }
            return union
        }
        for node in included where !rootChannels.contains(node.string!) {
            throw ManifestError(at: node.mark, "channel '\(node.string!)' is not declared by the root manifest \(modules[module].path); expected one of: \(rootChannels.joined(separator: ", "))")
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
        let fieldEntries = try declaration.body["fields"].map { (node: YAMLNode) throws(ManifestError) in try Self.mapping(node, "'fields' of \(context)") } ?? []
        for field in fieldEntries {
            let name = field.key.string ?? ""
            let fieldContext = "field '\(name)' of \(context)"
            let body = try Self.mapping(field.value, fieldContext)
            try Self.checkKeys(body, allowed: Self.fieldKeys, in: fieldContext)
            var parsedTypes: [String: FMLType] = [:]
            let type = try Self.type(field.value["type"], of: field.key, resolve: resolve, parsedTypes: &parsedTypes, context: fieldContext)
            fields.append(VariableDefinition(
                name: name, type: type,
                defaultValue: try Self.literalDefault(field.value["default"], of: field.key, type: type, context: fieldContext),
                description: try Self.optionalString(field.value["description"], "'description'") ?? "",
                location: field.key.mark))
        }
        return ObjectDefinition(name: declaration.name,
                                description: try Self.optionalString(declaration.body["description"], "'description'") ?? "",
                                fields: fields, location: declaration.key.mark)
    }

    /// The feature with its variables' literal defaults, the variables whose default is written
    /// per channel, and the feature-level `defaults` blocks.
    private func feature(_ declaration: Declaration, resolve: (String) -> FMLType?, channels: [String], parsedTypes: inout [String: FMLType])
        throws(ManifestError) -> (FeatureDefinition, [String: [DefaultsBlock]], [DefaultsBlock]) {
        // Built only for a message: most features have none, and this runs for each of them.
        // The closures below capture the name and the body only: a declaration they capture is
        // copied into each, four references counted every time.
        let id = declaration.name, body = declaration.body
        func context() -> String { "feature '\(id)'" }
        // One walk over the body finds the fields and the keys written twice under two spellings;
        // the errors are still raised in the order of the checks below.
        var fields = FeatureFields()
        try body.forEachEntry(requiringMapping: context()) { key, value throws(ManifestError) in
            if !fields.note(key, value) && !key.hasText(anyOf: Self.featureKeys) && !key.hasText(anyOf: Self.featureKeyAliases) {
                throw ManifestError(at: key.mark, "unknown key '\(key.string ?? "")' in \(context()); expected one of: \(Self.featureKeys.joined(separator: ", "))")
            }
        }
        var variables: [VariableDefinition] = []
        var variableBlocks: [String: [DefaultsBlock]] = [:]
        try fields.variables?.forEachEntry(requiringMapping: "'variables' of \(context())") { variableKey, variableBody throws(ManifestError) in
            let name = variableKey.string ?? ""
            func variableContext() -> String { "variable '\(name)' of \(context())" }
            let fields = try VariableFields(variableBody, context: variableContext())
            let type = try Self.type(fields.type, of: variableKey, resolve: resolve, parsedTypes: &parsedTypes, context: variableContext())
            var defaultValue: JSONValue
            // Firefox's messaging feature writes some variable defaults as channel blocks; a
            // List-typed default is always the list itself.
            if let node = fields.defaultValue, DefaultsBlock.isBlockList(node), !Self.isList(type) {
                var blocks: [DefaultsBlock] = []
                for item in node.items! {
                    blocks.append(try DefaultsBlock(item, knownChannels: channels, context: variableContext()))
                }
                variableBlocks[name] = blocks
                defaultValue = DefaultsBlock.mergedForEveryChannel(blocks) ?? (Self.isMapOrObject(type) ? .object([:]) : .null)
            } else {
                defaultValue = try Self.literalDefault(fields.defaultValue, of: variableKey, type: type, context: variableContext())
            }
            variables.append(VariableDefinition(
                name: name, type: type, defaultValue: defaultValue,
                description: try Self.optionalString(fields.description, "'description'") ?? "",
                stringAlias: fields.stringAlias?.string,
                prefKey: try Self.optionalString(fields.prefKey, "'pref-key'"),
                geckoPref: fields.geckoPref?.jsonValue,
                location: variableKey.mark))
        }
        var blocks: [DefaultsBlock] = []
        // `default` is nimbus-fml's other spelling of a feature's `defaults`; one of them may be given.
        if let second = fields.secondDefaults {
            throw ManifestError(at: second.mark, "both 'defaults' and 'default' in \(context()): they are one field; write one list")
        }
        if let (first, second) = fields.secondContacts {
            throw ManifestError(at: second.mark, "'\(second.string ?? "")' and '\(first.string ?? "")' in \(context()) are one field (contacts); write one list")
        }
        if let node = fields.defaults, !node.isNull {
            for item in try Self.sequence(node, "'defaults' of \(context())") {
                blocks.append(try DefaultsBlock(item, knownChannels: channels, context: context()))
            }
        }
        var allowCoenrollment = false
        if let node = fields.allowCoenrollment {
            guard let flag = node.jsonValue.boolValue else {
                throw ManifestError(at: node.mark, "expected 'allow-coenrollment' of \(context()) to be true or false, found \(node.jsonValue.kindName)")
            }
            allowCoenrollment = flag
        }
        let definition = FeatureDefinition(
            id: id,
            description: try Self.optionalString(fields.description, "'description'") ?? "",
            variables: variables, allowCoenrollment: allowCoenrollment, location: declaration.key.mark)
        return (definition, variableBlocks, blocks)
    }

    // MARK: Helpers

    /// `parsedTypes` holds the types already parsed, by their text: `resolve` is the same for
    /// every declaration of a load, and a large app spells the same few types thousands of times.
    private static func type(_ written: YAMLNode?, of key: YAMLNode, resolve: (String) -> FMLType?, parsedTypes: inout [String: FMLType],
                             context: @autoclosure () -> String) throws(ManifestError) -> FMLType {
        guard let node = written else { throw ManifestError(at: key.mark, "missing 'type' in \(context())") }
        let text = try string(node, "'type'")
        if let known = parsedTypes[text] { return known }
        switch FMLType.parse(text, resolve: resolve) {
        case .success(let type):
            parsedTypes[text] = type
            return type
        case .failure(let error): throw ManifestError(at: node.mark, "\(error.message) in \(context())")
        }
    }

    /// A `default` as written; a missing one is null, which only an `Option` accepts.
    private static func literalDefault(_ written: YAMLNode?, of key: YAMLNode, type: FMLType, context: @autoclosure () -> String) throws(ManifestError) -> JSONValue {
        guard let node = written else {
            if case .option = type { return .null }
            throw ManifestError(at: key.mark, "missing 'default' in \(context()) (only Option types may omit it)")
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

    /// Checks `about`; returns the warning for an included file that names a class of its own to
    /// generate. nimbus-fml refuses that (`AboutBlock::is_includable`), but Firefox for iOS
    /// includes such a file (`messagingFeature.yaml`), and this loader always read it, so it is a
    /// warning here rather than an error.
    private static func checkAbout(_ node: YAMLNode, includedAt include: YAMLNode?) throws(ManifestError) -> ManifestError? {
        if node.isNull { return nil }
        let entries = try mapping(node, "'about'")
        try checkKeys(entries, allowed: aboutKeys, in: "'about'")
        var warning: ManifestError?
        for entry in entries where entry.key.string != "description" {
            _ = try mapping(entry.value, "'about.\(entry.key.string ?? "")'")
            if let include, warning == nil {
                warning = ManifestError(at: entry.key.mark, "an included file names a generated class ('about.\(entry.key.string ?? "")'), "
                    + "which nimbus-fml refuses: the file is part of the manifest that includes it (at \(include.mark)); remove the block, "
                    + "or make the file a manifest of its own and 'import' it")
            }
        }
        return warning
    }

    /// Refuses keys outside `allowed` and `aliases` (other spellings nimbus-fml accepts, left out
    /// of the message so it lists each field once).
    private static func checkKeys(_ entries: [YAMLNode.Entry], allowed: [String], aliases: [String] = [],
                                  in context: @autoclosure () -> String) throws(ManifestError) {
        for entry in entries where !entry.key.hasText(anyOf: allowed) && !entry.key.hasText(anyOf: aliases) {
            throw ManifestError(at: entry.key.mark, "unknown key '\(entry.key.string ?? "")' in \(context()); expected one of: \(allowed.joined(separator: ", "))")
        }
    }

    private static func mapping(_ node: YAMLNode, _ what: @autoclosure () -> String) throws(ManifestError) -> [YAMLNode.Entry] {
        try node.requireMapping(what())
    }

    private static func sequence(_ node: YAMLNode, _ what: @autoclosure () -> String) throws(ManifestError) -> [YAMLNode] {
        try node.requireSequence(what())
    }

    private static func string(_ node: YAMLNode, _ what: @autoclosure () -> String) throws(ManifestError) -> String {
        try node.requireString(what())
    }

    private static func optionalString(_ node: YAMLNode?, _ what: @autoclosure () -> String) throws(ManifestError) -> String? {
        guard let node, !node.isNull else { return nil }
        return try string(node, what())
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
