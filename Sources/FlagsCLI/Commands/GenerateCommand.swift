#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
import CommandLineArguments
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FeatureFlags
import Platform
import FlagsTool

/// `flags generate`: the Swift an app compiles so that `isEnabled(.someFlag)` and the typed
/// preferences read its flags (static members on the library's `FeatureFlagID`).
struct GenerateCommand: FlagsCommand {
    static let name = "generate"
    static let summary = "Write Swift source for the app: FeatureFlagID members and typed preferences"
    static let usage = "flags generate [--features] [--output FILE]"
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

        With --features it writes the typed feature accessors instead, as nimbus-fml writes FxNimbus:
          - final class <App>Nimbus, whose shared.features.<feature> is a FeatureHolder with
            value(), recordExposure(), and with(cachedValue:) / with(initializer:) for tests;
          - inside it, one struct per feature (a property per variable), per FML object and an
            enum per FML enum: Boolean -> Bool, Int, String/Text/Image -> String, Option<T> -> T?,
            List<T> -> [T], Map<K, T> -> [K: T];
          - defaults are the manifest's for the channel (see --channel).
        Write the two into separate files (run generate twice); everything --features writes is
        nested in <App>Nimbus, so both compile side by side in one target.
        """
    static let features = FlagOption("--features", help: "write the typed feature accessors instead of the FeatureFlagID members")
    static let output = SharedOptions.output("write to FILE (only when its contents change) instead of printing: a regular "
                                             + "file is replaced atomically (keeping its mode), a symlink is followed, a FIFO or device is written in place; - is stdout")
    static let options: [any DeclaredOption] = [features, output]
    static let examples = [CommandExample("flags generate -o Sources/App/FeatureFlagID+Registry.swift", "the FeatureFlagID members")]

    let output: String?
    let features: Bool

    init(arguments: inout ArgumentList) throws(CLIError) {
        features = arguments.take(Self.features)
        output = try arguments.path(of: Self.output, command: Self.name, hint: SharedOptions.outputHint)
        try arguments.expectNoPositionals(command: Self.name)
    }

    func run(in context: CommandContext) throws {
        let environment = try context.environment()
        let outputPath = output.flatMap { OutputFile.isStandardOutput($0) ? nil : context.absolutePath($0) }
        let base = outputPath.map { FilePathText.folder(of: $0) } ?? context.options.workingDirectory
        // The demo is named, not given as a path into this user's state folder, so what is
        // generated for it (the demo app's checked-in Swift) is the same on every machine.
        let isDemo = context.opensDemo
        let registryName = isDemo ? "the built-in Bibimbap demo registry"
            : RelativePath.of(environment.registry.path, from: base)
        let source = features ? featuresSource(environment, base: base, isDemo: isDemo)
            : FeatureFlagSwiftGenerator(registry: environment.registry, registryName: registryName).source
        let featureCount = Plural.of(environment.registry.manifest.featureIDs.count, "feature")
        guard let outputPath else {
            context.console.print(String(source.dropLast()))
            return
        }
        let bytes = Array(source.utf8)
        if OutputFile.regularFileContents(at: outputPath, limit: bytes.count) == bytes {
            context.console.print("\(outputPath) is up to date (\(features ? featureCount : Plural.of(environment.registry.flags.count, "flag")))")
            return
        }
        do {
            try OutputFile.write(bytes, to: outputPath)
        } catch {
            throw CLIError.failure("\(error)")
        }
        context.console.print("wrote \(outputPath) (\(features ? featureCount : "\(Plural.of(environment.registry.flags.count, "flag")), \(Plural.of(environment.registry.preferences.count, "preference"))"))")
    }

    /// The typed features of the registry's manifest, with the channel's defaults.
    private func featuresSource(_ environment: FlagsEnvironment, base: String, isDemo: Bool) -> String {
        let manifestName = isDemo ? "the built-in Bibimbap demo manifest"
            : RelativePath.of(environment.registry.manifestPath, from: base)
        return FeatureSwiftGenerator(manifest: environment.registry.manifest, app: environment.registry.app,
                                     channel: environment.channel, manifestName: manifestName).source
    }
}
#endif
