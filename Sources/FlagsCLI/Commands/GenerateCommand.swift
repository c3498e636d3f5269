#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FeatureFlags
import Platform

/// `flags generate`: the Swift an app compiles for typed flags (`enum FeatureFlagID`).
struct GenerateCommand: FlagsCommand {
    static let name = "generate"
    static let summary = "Write Swift source for the app: enum FeatureFlagID and typed preferences"
    static let usage = "flags generate [--output FILE]"
    static let help = """
        Writes Swift source for the app, the way Nimbus generates FxNimbus from the manifest:
          - enum FeatureFlagID: String, CaseIterable, Sendable, with every flag of the registry
            in alphabetical order, and debugKey, userPrefsKey and isNimbusConfigured;
          - one enum per typed preference, named after its FML enum, with its variants.
        The output has no timestamps: an unchanged registry gives byte-identical source. The
        header names the registry by its path relative to FILE's folder (or to the working
        directory when printing).

        Options:
          --output FILE    write to FILE (only when its contents change) instead of printing
        """

    let output: String?

    init(arguments: inout ArgumentList) throws(CLIError) {
        output = try arguments.option("--output", "-o", command: Self.name)
        try arguments.expectNoPositionals(command: Self.name)
    }

    func run(in context: CommandContext) throws {
        let environment = try context.environment()
        let outputPath = output.map(context.absolutePath)
        let base = outputPath.map { FilePathText.folder(of: $0) } ?? context.options.workingDirectory
        let registryName = environment.isDemo ? "the built-in Bibimbap demo registry"
            : RelativePath.of(environment.registry.path, from: base)
        let source = FeatureFlagSwiftGenerator(registry: environment.registry, registryName: registryName).source
        guard let outputPath else {
            context.console.print(String(source.dropLast()))
            return
        }
        let data = Data(source.utf8)
        if BoundedFileReader.file(at: outputPath, holds: Array(source.utf8)) {
            context.console.print("\(outputPath) is up to date (\(environment.registry.flags.count) flags)")
            return
        }
        do {
            try data.write(to: URL(fileURLWithPath: outputPath), options: .atomic)
        } catch {
            throw CLIError.failure("cannot write \(outputPath): \(ErrorText.describe(error))")
        }
        context.console.print("wrote \(outputPath) (\(environment.registry.flags.count) flags, \(environment.registry.preferences.count) preferences)")
    }
}
#endif
