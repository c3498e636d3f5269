#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
import CommandLineArguments
import FeatureFlags
import FML
import Platform

/// `flags validate`: registry, manifest and experiments checked together; exit 1 on any problem.
struct ValidateCommand: FlagsCommand {
    static let name = "validate"
    static let summary = "Check registry, manifest and experiments together"
    static let usage = "flags validate"
    static let help = """
        Loads the registry and its manifest (every error names file:line:column), reads the
        experiments, and checks every branch value against the manifest's variable types,
        reporting the record, branch, feature id and variable of each problem. Records that are
        skipped or whose targeting cannot be evaluated are problems too. Exits 1 on any problem.
        Targeting that jexl-rs reads differently from how it looks is a `warning: SLUG: …` line,
        not a problem.
        """

    init(arguments: inout ArgumentList) throws(CLIError) {
        try arguments.expectNoPositionals(command: Self.name)
    }

    func run(in context: CommandContext) throws {
        let environment: FlagsEnvironment
        do {
            environment = try context.openEnvironment()
        } catch {
            throw CLIError.failure("\(ErrorText.sentence(error))\nvalidate: 1 problem")
        }
        let problems = Self.problems(in: environment)
        let registry = environment.registry
        let experiments = environment.experiments
        context.console.print("registry:    \(registry.path) (\(Plural.of(registry.flags.count, "flag")), \(Plural.of(registry.preferences.count, "preference")))")
        context.console.print("manifest:    \(registry.manifestPath) (\(Plural.of(registry.manifest.featureIDs.count, "feature")) in \(Plural.of(registry.manifest.files.count, "file")))")
        context.console.print("experiments: \(experiments.source ?? "none") (\(Plural.of(experiments.records.count, "record")))")
        // What nimbus-fml would refuse but this tool reads: not a problem, but worth fixing.
        for warning in registry.manifest.warnings { context.console.print("warning: \(warning)") }
        // Warnings are not problems: the SDK evaluates such targeting, just not as it reads.
        for result in experiments.enrollments {
            for line in EnrollmentReport(result, in: experiments).warningLines { context.console.print(line) }
        }
        guard !problems.isEmpty else {
            context.console.print("validate: no problems")
            return
        }
        for problem in problems { context.console.print("problem: \(problem)") }
        throw CLIError.failure("validate: \(problems.count) problem\(problems.count == 1 ? "" : "s")")
    }

    static func problems(in environment: FlagsEnvironment) -> [String] {
        problems(in: environment.experiments, manifest: environment.registry.manifest)
    }

    /// The problems of `experiments` against `manifest`: also what `flags publish` checks a recipe with.
    static func problems(in experiments: NimbusExperiments, manifest: FeatureManifest) -> [String] {
        var problems: [String] = []
        if let problem = experiments.loadProblem { problems.append(problem) }
        problems += experiments.skipped.map { "record \($0.name) skipped: \($0.reason)" }
        for result in experiments.enrollments {
            if case .error(let message) = result.status { problems.append("record \(result.slug): \(message)") }
            for branch in result.record.branches {
                for feature in branch.features {
                    guard manifest.feature(feature.featureId) != nil else {
                        problems.append("record \(result.slug), branch \(branch.slug): feature `\(feature.featureId)` is not in the manifest")
                        continue
                    }
                    for problem in manifest.typeProblems(in: .object(feature.value), forFeature: feature.featureId, partial: true) {
                        problems.append("record \(result.slug), branch \(branch.slug), feature `\(feature.featureId)`, variable `\(problem.variable)`: \(problem.message)")
                    }
                }
            }
        }
        return problems
    }
}
#endif
