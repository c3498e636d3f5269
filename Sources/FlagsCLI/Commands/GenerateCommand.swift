#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FeatureFlags
import Platform

/// `flags generate`: the Swift an app compiles so that `isEnabled(.someFlag)` and the typed
/// preferences read its flags (static members on the library's `FeatureFlagID`).
struct GenerateCommand: FlagsCommand {
    static let name = "generate"
    static let summary = "Write Swift source for the app: FeatureFlagID members and typed preferences"
    static let usage = "flags generate [--output FILE]"
    static let help = """
        Writes Swift source for the app, the way Nimbus generates FxNimbus from the manifest
        (it imports FeatureFlags and extends its types):
          - a static FeatureFlagID member per flag of the registry, in alphabetical order, so
            that featureFlagsProvider.isEnabled(.newBibimbapMenu) compiles;
          - a static TypedPreference member per typed preference, one enum per FML enum they
            use, and Firefox's typed accessors on UserFeaturePreferring (startAtHomeSetting,
            setStartAtHomeSetting(_:));
          - FeatureFlagRegistry.checkGeneratedCode(), for the app to call at start: it throws
            when the registry it opened no longer matches this source.
        The output has no timestamps: an unchanged registry gives byte-identical source. The
        header names the registry by its path relative to FILE's folder (or to the working
        directory when printing).

        Options:
          --output FILE    write to FILE (only when its contents change) instead of printing:
                           a regular file is replaced atomically (keeping its mode), a symlink
                           is followed, a FIFO or device is written in place; - is stdout
        """

    let output: String?

    init(arguments: inout ArgumentList) throws(CLIError) {
        output = try arguments.pathOption("--output", "-o", command: Self.name, hint: " (use - for standard output)")
        try arguments.expectNoPositionals(command: Self.name)
    }

    func run(in context: CommandContext) throws {
        let environment = try context.environment()
        let outputPath = output.flatMap { OutputFile.isStandardOutput($0) ? nil : context.absolutePath($0) }
        let base = outputPath.map { FilePathText.folder(of: $0) } ?? context.options.workingDirectory
        let registryName = environment.isDemo ? "the built-in Bibimbap demo registry"
            : RelativePath.of(environment.registry.path, from: base)
        let source = FeatureFlagSwiftGenerator(registry: environment.registry, registryName: registryName).source
        guard let outputPath else {
            context.console.print(String(source.dropLast()))
            return
        }
        let bytes = Array(source.utf8)
        if OutputFile.regularFileContents(at: outputPath, limit: bytes.count) == bytes {
            context.console.print("\(outputPath) is up to date (\(environment.registry.flags.count) flags)")
            return
        }
        do {
            try OutputFile.write(bytes, to: outputPath)
        } catch {
            throw CLIError.failure("\(error)")
        }
        context.console.print("wrote \(outputPath) (\(environment.registry.flags.count) flags, \(environment.registry.preferences.count) preferences)")
    }
}
#endif
