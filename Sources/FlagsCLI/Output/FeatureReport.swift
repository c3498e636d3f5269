#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
import FeatureFlags
import FlagsTool
import Formats
import Nimbus
import Platform

/// What `flags feature FEATURE` says about one Nimbus feature: its value for this client, each
/// variable with its type, value and source, and who reads it; as text and as JSON.
///
/// ```swift
/// FeatureReport(featureId: "bibimbap-feature", environment: env).json["value"]   // {"enabled": true, …}
/// ```
struct FeatureReport {
    let featureId: String
    let environment: FlagsEnvironment
    /// The feature's variables, their defaults for the channel and the flags that read them.
    let usage: FeatureUsage?

    init(featureId: String, environment: FlagsEnvironment) {
        self.featureId = featureId
        self.environment = environment
        usage = FeatureUsage.all(in: environment.registry, channel: environment.channel).first { $0.id == featureId }
    }

    /// One variable as the report shows it.
    struct Variable {
        var usage: FeatureUsage.Variable
        var value: JSONValue
        var source: FeatureValueSource
    }

    /// The feature's resolved value (default, rollout, experiment, overrides merged), or the
    /// manifest default for the channel when no enrollment or override touches it.
    var value: JSONValue {
        environment.experiments.resolved[featureId]?.value
            ?? environment.registry.manifest.defaultValue(forFeature: featureId, channel: environment.channel)
    }

    var variables: [Variable] {
        let resolved = environment.experiments.resolved[featureId]
        let value = self.value
        return (usage?.variables ?? []).map { variable in
            Variable(usage: variable, value: value[variable.name] ?? variable.defaultValue,
                     source: resolved?.variableSources[variable.name] ?? .defaultValue)
        }
    }

    /// A source in the words `flags list` uses for a flag's.
    func sourceText(_ source: FeatureValueSource) -> String {
        source == .defaultValue ? "default for \(environment.channel)" : source.summary
    }

    private func sourceName(_ source: FeatureValueSource) -> String {
        switch source {
        case .defaultValue: "default"
        case .rollout, .forcedRollout: "rollout"
        case .experiment, .forcedBranch: "experiment"
        case .featureOverride: "feature-override"
        }
    }

    /// The feature and its variables' table, fitting in `width`.
    func lines(width: Int) -> [String] {
        // Manifest descriptions are often YAML block scalars, with a line break at the end.
        let description = (usage?.description ?? "").split(whereSeparator: \.isNewline).joined(separator: " ").trimmingSpaces()
        var lines = ["\(featureId) (\(environment.channel)): \(description)"]
        let rows = variables.map { variable in
            let readers = variable.usage.flags.map { "flag \($0)" } + variable.usage.preferences.map { "preference \($0)" }
            return [variable.usage.name, variable.usage.type.description, FeaturesCommand.shortened(variable.value.compactText),
                    sourceText(variable.source), readers.isEmpty ? "-" : readers.joined(separator: ", ")]
        }
        var table = TextTable(header: ["VARIABLE", "TYPE", "VALUE", "SOURCE", "USED BY"], rows: rows)
        table.cutFirst = [[4], [2]]
        lines.append(table.render(width: width))
        return lines
    }

    var json: JSONValue {
        .object([
            "id": .string(featureId),
            "description": .string(usage?.description ?? ""),
            "channel": .string(environment.channel),
            "value": value,
            "variables": .array(variables.map { variable in
                var experiment = JSONValue.null
                var rollout = JSONValue.null
                switch variable.source {
                case .experiment(let slug, let branch), .forcedBranch(let slug, let branch):
                    experiment = .object(["slug": .string(slug), "branch": .string(branch)])
                case .rollout(let slug), .forcedRollout(let slug): rollout = .string(slug)
                default: break
                }
                let forced = switch variable.source {
                case .forcedBranch, .forcedRollout: true
                default: false
                }
                return .object([
                    "name": .string(variable.usage.name),
                    "type": .string(variable.usage.type.description),
                    "value": variable.value,
                    "default": variable.usage.defaultValue,
                    "source": .string(sourceName(variable.source)),
                    "experiment": experiment,
                    "rollout": rollout,
                    "forced": .bool(forced),
                    "flags": .array(variable.usage.flags.map(JSONValue.string)),
                    "preferences": .array(variable.usage.preferences.map(JSONValue.string)),
                ])
            }),
        ])
    }
}
#endif
