#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
import CommandLineArguments
import FeatureFlags
import Formats
import Platform

/// `flags test-feature FEATURE FILE`: a whole or partial feature value from a JSON or YAML file,
/// checked like an experiment branch's value and stored as the feature's overrides, as
/// `nimbus-cli test-feature` tries a value on a device.
struct TestFeatureCommand: FlagsCommand {
    static let name = "test-feature"
    static let summary = "Try a feature value from a JSON or YAML file as a feature override"
    static let usage = "flags test-feature FEATURE FILE.json|FILE.yaml"
    static let help = """
        Reads FILE (JSON, or YAML when it ends in .yaml or .yml) as a value of the Nimbus feature
        FEATURE, whole or partial: an object of variables, as an experiment branch gives. It is
        checked against the manifest as a branch value is; every problem is listed with the file,
        and nothing is stored while there is one. Otherwise its variables become the feature's
        overrides, replacing any set before (`flags feature reset FEATURE` removes them).
        """
    static let arguments = [ArgumentSpec(.featureID), ArgumentSpec(.file)]
    static let examples = [CommandExample("flags test-feature bibimbap-feature value.json", "the feature as a branch with this value would make it")]

    /// Feature values are small: Firefox for iOS's largest branch value is a few KiB.
    static let maximumFileSize = 4 * BoundedFileReader.mebibyte

    let feature: String
    let file: String

    init(arguments: inout ArgumentList) throws(CLIError) {
        let words = try arguments.positionals(command: Self.name)
        guard words.count == 2 else { throw .usage("expected a FEATURE and a FILE (.json, .yaml or .yml)", command: Self.name) }
        (feature, file) = (words[0], words[1])
    }

    func run(in context: CommandContext) throws {
        let environment = try context.environment()
        let manifest = environment.registry.manifest
        guard manifest.hasFeature(feature) else { throw CLIError.failure(FeatureCommand.unknownFeature(feature, in: environment)) }
        let path = context.absolutePath(file)
        let value = try Self.read(path, shownAs: file)
        guard let variables = value.objectValue else {
            throw CLIError.failure("\(file): expected an object of \(feature)'s variables, found \(value.kindName)")
        }
        let problems = manifest.typeProblems(in: value, forFeature: feature, partial: true)
        guard problems.isEmpty else {
            throw CLIError.failure("\(file) is not a value of \(feature); nothing was stored:\n"
                                   + problems.map { "  \(file): \($0)" }.joined(separator: "\n"))
        }
        guard !variables.isEmpty else {
            throw CLIError.failure("\(file) sets no variable of \(feature); `flags feature reset \(feature)` removes its overrides")
        }
        let store = NimbusOverrideStore(prefs: environment.prefs)
        try store.setFeatureValues(variables, of: feature)
        let names = variables.keys.sorted()
        context.console.print("\(feature): feature override of \(names.joined(separator: ", ")) from \(file)"
                              + (FeatureCommand.inactiveNote(environment, store: store, feature: feature).map { " (\($0))" } ?? ""))
        FeatureCommand.printReaders(of: feature, variables: names, in: environment.reloaded(), context: context)
    }

    /// The file's value, read with a size limit; YAML by its extension, JSON otherwise.
    static func read(_ path: String, shownAs name: String) throws -> JSONValue {
        let lowered = path.lowercased()
        if lowered.hasSuffix(".yaml") || lowered.hasSuffix(".yml") {
            do {
                return try YAMLReader.read(path: path, limit: maximumFileSize).jsonValue
            } catch {
                throw CLIError.failure("\(error)")
            }
        }
        let bytes: [UInt8]
        do {
            bytes = try BoundedFileReader.read(path: path, limit: maximumFileSize)
        } catch {
            throw CLIError.failure("\(name): cannot read the feature value: \(error.reason)")
        }
        do {
            return try JSONParser.parse(bytes: bytes, file: name)
        } catch {
            throw CLIError.failure("\(error) (a YAML file needs the extension .yaml or .yml)")
        }
    }
}
#endif
