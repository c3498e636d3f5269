import Formats
import Platform
import FeatureFlags

/// Creates and removes flags in an app's files, like Firefox's `fxios nimbus add`: the feature
/// file, its line in the manifest's `include` list and the registry entry, together.
///
/// Use it behind `flags add` and `flags remove`, or from a script. Files are edited as text at
/// the lines the YAML reader's marks point to, so comments and formatting survive. After writing,
/// the registry is loaded again; if it does not load, every file is put back byte for byte.
///
/// ```swift
/// let author = FlagAuthor(registryPath: "feature-flags.yaml")
/// let added = try author.add(NewFlag(name: FlagName(parsing: "newThing"), isDebuggable: true))
/// added.changes.map(\.summary)   // ["created …/nimbus-features/newThingFeature.yaml", …]
/// let report = author.remove(try FlagName(parsing: "newThing"))
/// ```
public struct FlagAuthor: Sendable {
    /// One file changed by `add`.
    public struct Change: Sendable, Hashable {
        public var path: String
        public var summary: String
    }

    /// One step of `remove` and how it went.
    public struct Step: Sendable, Hashable {
        public enum Outcome: Sendable, Hashable {
            case done
            /// Nothing to do; the reason says why.
            case skipped(String)
            /// It could not be done; the text says what to do by hand.
            case failed(String)
        }

        public var action: String
        public var outcome: Outcome
    }

    public let registryPath: String
    /// Loads the edited registry to check it; tests put a failing check here to see the rollback.
    let validate: @Sendable (String) throws -> FeatureFlagRegistry

    public init(registryPath: String) {
        self.init(registryPath: registryPath, validate: { try FeatureFlagRegistry.load(path: $0) })
    }

    init(registryPath: String, validate: @escaping @Sendable (String) throws -> FeatureFlagRegistry) {
        self.registryPath = registryPath
        self.validate = validate
    }

    // MARK: Adding

    /// Writes the feature file, includes it in the manifest and adds the flag to the registry.
    /// Refuses, changing nothing, when the flag, its feature or its file already exists.
    @discardableResult
    public func add(_ flag: NewFlag) throws(AuthoringError) -> [Change] {
        let registry = try loadRegistry(what: "before adding `\(flag.name.id)`")
        let name = flag.name
        if let existing = registry.flagIfPresent(name.id) {
            throw .conflict("flag `\(existing.rawValue)` already exists in \(registryPath); choose another name, or remove it first with `flags remove \(name.id)`")
        }
        if registry.preferences.contains(where: { $0.id == name.id }) {
            throw .conflict("`\(name.id)` is already a preference in \(registryPath); choose another name")
        }
        if let feature = registry.manifest.feature(name.featureID) {
            throw .conflict("the manifest already defines feature `\(name.featureID)` (\(feature.location)); choose another name, or map a flag to it by editing \(registryPath)")
        }
        let manifestPath = registry.manifestPath
        let featurePath = Self.featureFilePath(of: name, besideManifest: manifestPath)
        let folder = FilePathText.folder(of: featurePath)
        if FileManager.default.fileExists(atPath: featurePath) {
            throw .conflict("\(featurePath) already exists; choose another name, or delete the file if it is left over")
        }

        let registryText = try read(registryPath)
        let manifestText = try read(manifestPath)
        let newManifest = try ManifestTextEditor.addingInclude(name.includePath, to: manifestText, path: manifestPath)
        let newRegistry = try RegistryTextEditor.addingFlag(name.id, body: registryBody(flag), to: registryText, path: registryPath)
        let featureText = Self.markedAsWritten(FeatureFileTemplate(flag: flag, channels: registry.manifest.channels).text)

        let snapshot = FileSnapshot(paths: [featurePath, manifestPath, registryPath], folders: [folder])
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try write(featureText, to: featurePath)
            try write(newManifest, to: manifestPath)
            try write(newRegistry, to: registryPath)
            let reloaded = try validate(registryPath)
            guard reloaded.flagIfPresent(name.id)?.definition.nimbus == .init(feature: name.featureID, variable: "enabled") else {
                throw AuthoringError.failed("the edited registry does not map `\(name.id)` to \(name.featureID).enabled")
            }
        } catch {
            let problems = snapshot.restore()
            let restored = problems.isEmpty ? "every file was restored, nothing changed" : problems.joined(separator: "; ")
            throw .failed("adding `\(name.id)` failed: \(ErrorText.sentence(error)) (\(restored))")
        }
        return [
            Change(path: featurePath, summary: "created \(featurePath) (feature \(name.featureID), variable enabled)"),
            Change(path: manifestPath, summary: "included \(name.includePath) in \(manifestPath)"),
            Change(path: registryPath, summary: "added flag \(name.id) to \(registryPath)"),
        ]
    }

    /// The registry entry's lines, two spaces per level below the flag id.
    private func registryBody(_ flag: NewFlag) -> [String] {
        var body = ["feature: \(flag.name.featureID)", "variable: enabled"]
        if let title = flag.debugTitle {
            body += ["debug:", "  title: \(YAMLScalarText.string(title))"]
            if let status = flag.debugStatus, !status.isEmpty { body.append("  status: \(YAMLScalarText.string(status))") }
        }
        if flag.isUserToggleable { body.append("userPrefsKey: \(flag.name.userPrefsKey)") }
        return body
    }

    // MARK: Removing

    /// Undoes `add`: removes the registry entry, the `include` line and the feature file, each
    /// step on its own. A feature file still read by another flag or preference is kept. If the
    /// registry loaded before and does not afterwards, every file is restored.
    public func remove(_ name: FlagName) -> [Step] {
        let file: RegistryFile
        do {
            file = try RegistryFile.read(path: registryPath)
        } catch {
            return [Step(action: "read \(registryPath)", outcome: .failed("\(ErrorText.sentence(error)); fix the registry, then run `flags remove \(name.id)` again"))]
        }
        let loadedBefore = (try? FeatureFlagRegistry.load(path: registryPath)) != nil
        let manifestPath = file.manifestPath
        let featurePath = Self.featureFilePath(of: name, besideManifest: manifestPath)
        let snapshot = FileSnapshot(paths: [registryPath, manifestPath, featurePath])
        var steps: [Step] = []

        let removeFlag = "remove flag `\(name.id)` from \(registryPath)"
        steps.append(Step(action: removeFlag, outcome: edit(registryPath, by: "remove the `\(name.id):` entry under `flags:`") { text throws(AuthoringError) in
            try RegistryTextEditor.removingFlag(name.id, from: text, path: registryPath)
        } ?? .skipped("no flag `\(name.id)` in the registry")))

        // Features of the file that other entries still read: keep the file and its include.
        let definedFeatures = featureIDs(in: featurePath)
        let users = file.flags.filter { $0.id != name.id && definedFeatures.contains($0.feature ?? "") }.map { "flag `\($0.id)`" }
            + file.preferences.filter { definedFeatures.contains($0.feature) }.map { "preference `\($0.id)`" }
        let stillUsed: Step.Outcome? = users.isEmpty ? nil : .failed(
            "\(name.featureFileName) is still read by \(users.joined(separator: ", ")); remove or re-map those in \(registryPath), then run `flags remove \(name.id)` again")

        // Only a file `add` wrote, unchanged since, is ours to delete (with its include line): a
        // feature file of the app's own (Firefox's adBlockerFeature.yaml) stays, and so does the
        // line that includes it, so the manifest keeps what it had.
        let exists = FileManager.default.fileExists(atPath: featurePath)
        let notOurs: Step.Outcome? = !exists ? nil : Self.writtenByAdd(featurePath).map { reason in
            .skipped("left \(featurePath) and its include line: \(reason); delete them by hand if the feature is gone")
        }
        steps.append(Step(action: "remove \(name.includePath) from the include list of \(manifestPath)", outcome: stillUsed ?? notOurs
            ?? edit(manifestPath, by: "delete the line `- \(name.includePath)` under `include:`") { text throws(AuthoringError) in
                try ManifestTextEditor.removingInclude(name.includePath, from: text, path: manifestPath)
            } ?? .skipped("\(manifestPath) does not include \(name.includePath)")))

        var deletion: Step.Outcome = .skipped("there is no \(featurePath)")
        if let stillUsed {
            deletion = stillUsed
        } else if let notOurs {
            deletion = notOurs
        } else if exists {
            do {
                try FileManager.default.removeItem(atPath: featurePath)
                deletion = .done
            } catch {
                deletion = .failed("\(ErrorText.describe(error)); delete \(featurePath) by hand")
            }
        }
        steps.append(Step(action: "delete \(featurePath)", outcome: deletion))

        if loadedBefore, steps.contains(where: { $0.outcome == .done }) {
            do {
                _ = try validate(registryPath)
            } catch {
                let problems = snapshot.restore()
                let restored = problems.isEmpty ? "every file was restored" : problems.joined(separator: "; ")
                steps.append(Step(action: "check that \(registryPath) still loads", outcome: .failed(
                    "\(ErrorText.sentence(error)) (\(restored)); something else still refers to `\(name.id)` or \(name.featureID): remove that by hand, then run `flags remove \(name.id)` again")))
            }
        }
        return steps
    }

    /// The first line of a feature file `add` writes: what wrote it, and the checksum of the rest,
    /// so `remove` can tell that file, unchanged, from one a person wrote or edited.
    static let writtenMarker = "# Written by `flags add`, which `flags remove` deletes only while unchanged: checksum "

    static func markedAsWritten(_ body: String) -> String {
        writtenMarker + ContentChecksum.hex(of: body) + "\n" + body
    }

    /// Nil when the file at `path` is one `add` wrote and nobody changed since; else why not.
    static func writtenByAdd(_ path: String) -> String? {
        guard let data = try? BoundedFileReader.read(path: path, limit: BoundedFileReader.mebibyte) else { return "it cannot be read" }
        let text = String(decoding: data, as: UTF8.self)
        guard text.hasPrefix(writtenMarker), let newline = text.firstIndex(of: "\n") else { return "`flags add` did not write it" }
        let checksum = text[text.index(text.startIndex, offsetBy: writtenMarker.count)..<newline]
        guard checksum == ContentChecksum.hex(of: String(text[text.index(after: newline)...])) else {
            return "it was changed since `flags add` wrote it"
        }
        return nil
    }

    /// Applies `change` to the file's text and writes it; nil when `change` finds nothing to do.
    private func edit(_ path: String, by handWork: String, _ change: (String) throws(AuthoringError) -> String?) -> Step.Outcome? {
        do {
            guard let text = try change(try read(path)) else { return nil }
            try write(text, to: path)
            return .done
        } catch {
            return .failed("\(ErrorText.sentence(error)); \(handWork) in \(path) by hand")
        }
    }

    private func featureIDs(in path: String) -> Set<String> {
        guard FileManager.default.fileExists(atPath: path), let root = try? YAMLReader.read(path: path) else { return [] }
        return Set(root["features"]?.keys ?? [])
    }

    // MARK: Files

    private func loadRegistry(what: String) throws(AuthoringError) -> FeatureFlagRegistry {
        do {
            return try FeatureFlagRegistry.load(path: registryPath)
        } catch {
            throw .failed("\(ErrorText.sentence(error))\n(the registry must load \(what); fix it first)")
        }
    }

    /// Where a flag's own feature file lives: `nimbus-features/<id>Feature.yaml` beside the
    /// manifest that includes it.
    private static func featureFilePath(of name: FlagName, besideManifest manifestPath: String) -> String {
        FilePathText.joined(FilePathText.folder(of: manifestPath), name.includePath)
    }

    private func read(_ path: String) throws(AuthoringError) -> String {
        let bytes: [UInt8]
        do {
            bytes = try BoundedFileReader.read(path: path, limit: YAMLReader.maximumFileSize)
        } catch {
            throw .failed("cannot read \(path): \(error.reason)")
        }
        guard let text = String(validating: bytes, as: UTF8.self) else { throw .failed("\(path) is not UTF-8 text; edit it by hand") }
        return text
    }

    /// Writes in place (not by renaming a temporary file) so the file keeps its mode and links.
    private func write(_ text: String, to path: String) throws(AuthoringError) {
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        } catch {
            throw .failed("cannot write \(path): \(ErrorText.describe(error))")
        }
    }
}
