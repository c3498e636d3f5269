#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
import FeatureFlags
import FML
import Formats
import Nimbus
import Platform

/// Works out what a row's detail pane shows, from the app's flags as the previewed channel
/// resolves them: for a flag, every layer that could decide its value (the manifest default of
/// each channel, the rollout, the experiment, a forced branch, a feature override, the debug
/// override, the user's preference) with the one that wins marked; the feature's whole value as
/// JSON with each variable's source, its variables editable; where flag and feature are written;
/// and the experiments on the feature with this client's status and the reason.
///
/// Use it from `FeatureFlagsDebugViewController`, which opens the pane and refreshes it when the
/// store changes. Text from the registry, manifest and records reaches the screen through
/// `ScreenLayout`, which sanitises every segment.
///
/// ```swift
/// let content = DetailPaneContent(previewed: environment, stored: NimbusOverrideStore(prefs: environment.prefs).overrides,
///                                 separator: " · ", now: 1_700_000_000, width: 100)
/// let pane = content.pane(for: .featureFlag("tipJar"))
/// ```
struct DetailPaneContent {
    /// The app's flags, resolved for the previewed channel.
    let previewed: FlagsEnvironment
    /// The Nimbus overrides in the store, honored or not (a release preview honors none).
    let stored: NimbusDebugOverrides
    let separator: String
    /// Seconds since 1970, for the age of a debug override.
    let now: Double
    /// The terminal's width, to wrap long sentences.
    let width: Int

    typealias Line = DetailPane.Line

    private var registry: FeatureFlagRegistry { previewed.registry }
    private var manifest: FeatureManifest { previewed.registry.manifest }
    private var honors: Bool { previewed.provider.honorsOverrides }
    private static let wins = "  \u{2190} wins"
    private static let labelWidth = 22

    /// Why edits are refused in this preview, or nil.
    var editingRefusal: String? {
        honors ? nil : "the \(previewed.channel) preview honors no override, as a release build; Esc, then c previews another channel"
    }

    /// The pane for row `id`, or nil for a row that is not the registry's (any more).
    func pane(for id: MenuRowID) -> DetailPane? {
        guard let (title, copy, lines) = content(for: id) else { return nil }
        return DetailPane(rowID: id.rawValue, title: title, copyText: copy, lines: lines, editingRefusal: editingRefusal)
    }

    /// The title, the id to copy and the lines of row `id`'s pane.
    func content(for id: MenuRowID) -> (title: String, copy: String, lines: [Line])? {
        switch id {
        case .featureFlag(let flagID), .userPreference(let flagID), .buildStatus(let flagID):
            guard let flag = registry.flagIfPresent(flagID) else { return nil }
            return (MenuRowFactory.title(of: flag), flag.rawValue, flagLines(flag))
        case .typedPreference(let preferenceID):
            guard let preference = registry.preferences.first(where: { $0.id == preferenceID }) else { return nil }
            return (preference.id, preference.id, preferenceLines(preference))
        case .buildFlag(let name):
            guard let buildFlag = registry.buildFlags.first(where: { $0.name == name }) else { return nil }
            return (buildFlag.name, buildFlag.name, buildFlagLines(buildFlag))
        case .experiment:
            // Shown by the Experiments screen instead (`showDetail`).
            return nil
        }
    }

    // MARK: - A flag

    private func flagLines(_ flag: FeatureFlagID) -> [Line] {
        let state = previewed.provider.state(of: flag)
        var lines: [Line] = [
            field("id", flag.rawValue),
            field("value", "\(MenuText.onOff(state.enabled))\(separator)\(state.source.summary)", style: .bold),
        ]
        if let nimbus = flag.definition.nimbus {
            lines.append(field("feature", nimbus.feature))
            lines.append(field("variable", nimbus.variable))
        } else {
            lines.append(field("feature", "none: not Nimbus-configured"))
        }
        if let debug = flag.definition.debug {
            lines.append(field("debug key", flag.debugKey ?? ""))
            lines.append(field("status text", debug.status))
        }
        if let key = flag.userPrefsKey { lines.append(field("user prefs key", key)) }
        lines.append(.init([]))
        lines += flagLayers(flag, state: state)
        if let nimbus = flag.definition.nimbus {
            lines.append(.init([]))
            lines += featureLines(nimbus.feature, highlighting: nimbus.variable)
        }
        lines.append(.init([]))
        lines.append(heading("Defined in \(MenuText.abbreviated(registryFolder))"))
        lines.append(field("flag", flag.definition.location.map(place) ?? "\(registry.path) (no line known)"))
        if let nimbus = flag.definition.nimbus {
            lines += manifestPlaces(nimbus.feature, variable: nimbus.variable)
            lines.append(.init([]))
            lines += experimentLines(nimbus.feature)
        }
        return lines
    }

    /// Every layer that could decide the flag's value, top layer last, the one that wins marked.
    private func flagLayers(_ flag: FeatureFlagID, state: FeatureFlagState) -> [Line] {
        var lines: [Line] = [heading("Layers, lowest first (the highest that is set wins)")]
        let source = state.source
        guard let nimbus = flag.definition.nimbus else {
            lines.append(layer("registry default", flag.definition.fallback.map(MenuText.onOff) ?? "none",
                               wins: source == .defaultValue(channel: nil)))
            lines.append(contentsOf: overrideLayers(flag, state: state))
            return lines
        }
        for channel in manifest.channels {
            let value = manifest.defaultValue(forFeature: nimbus.feature, variable: nimbus.variable, channel: channel)
            let current = channel == previewed.channel ? " (this channel)" : ""
            lines.append(layer("default \(channel)", (value.map(\.compactText) ?? "unset") + current,
                               wins: current.isEmpty ? false : source == .defaultValue(channel: channel),
                               style: current.isEmpty ? .dim : .normal))
        }
        if let fallback = flag.definition.fallback {
            lines.append(layer("registry default", MenuText.onOff(fallback), wins: source == .defaultValue(channel: nil)))
        }
        let resolved = previewed.experiments.resolved[nimbus.feature]
        let experiments = previewed.experiments
        if let slug = resolved?.rollout {
            let branch = experiments.result(for: slug)?.branch
            let value = branch?.value(for: nimbus.feature)?[nimbus.variable]
            let forced = resolved?.isRolloutForced == true ? " (forced)" : ""
            lines.append(layer("rollout", "\(slug)/\(branch?.slug ?? "?")\(forced)\(separator)\(value.map { "sets \($0.compactText)" } ?? "does not set it")",
                               wins: source == .rollout(slug: slug) || source == .forcedRollout(slug: slug)))
        } else {
            lines.append(layer("rollout", "none enrolled", wins: false, style: .dim))
        }
        if let (slug, branchSlug) = resolved?.experiment {
            let value = experiments.result(for: slug)?.branch?.value(for: nimbus.feature)?[nimbus.variable]
            let forced = resolved?.isExperimentForced == true ? " (forced)" : ""
            lines.append(layer("experiment", "\(slug)/\(branchSlug)\(forced)\(separator)\(value.map { "sets \($0.compactText)" } ?? "does not set it")",
                               wins: source == .experiment(slug: slug, branch: branchSlug) || source == .forcedBranch(slug: slug, branch: branchSlug)))
        } else {
            lines.append(layer("experiment", "none enrolled", wins: false, style: .dim))
        }
        let forced = stored.forcedBranches.filter { touches(experiments.result(for: $0.key)?.record, nimbus.feature) }
        if forced.isEmpty {
            lines.append(layer("forced branch", "none", wins: false, style: .dim))
        }
        for (slug, branch) in forced.sorted(by: { $0.key < $1.key }) {
            lines.append(layer("forced branch", "\(slug) \u{2192} \(branch)\(honors ? "" : " (inactive in this preview)")", wins: false,
                               style: honors ? .normal : .dim))
        }
        if let value = stored.featureValues[nimbus.feature]?[nimbus.variable] {
            lines.append(layer("feature override", value.compactText + (honors ? "" : " (inactive in this preview)"),
                               wins: source == .featureOverride, style: honors ? .accent : .dim))
        } else {
            lines.append(layer("feature override", "none", wins: false, style: .dim))
        }
        lines.append(contentsOf: overrideLayers(flag, state: state))
        return lines
    }

    /// The debug override (with its age) and the user's preference.
    private func overrideLayers(_ flag: FeatureFlagID, state: FeatureFlagState) -> [Line] {
        var lines: [Line] = []
        if !flag.isDebuggable {
            lines.append(layer("debug override", "none possible: the flag has no debug row", wins: false, style: .dim))
        } else if let override = state.override {
            let age = state.overrideSetAt.map { "\(separator)set \(OverrideAge.text(setAt: $0, now: now))\($0 <= now - 60 ? " ago" : "")" } ?? ""
            lines.append(layer("debug override", MenuText.onOff(override) + age + (state.overrideIsInactive ? " (inactive in this preview)" : ""),
                               wins: source(state) == .override, style: state.overrideIsInactive ? .dim : .accent))
        } else {
            lines.append(layer("debug override", "none", wins: false, style: .dim))
        }
        if flag.userPrefsKey != nil {
            let stored = previewed.preferences.storedPreference(for: flag)
            lines.append(layer("user preference", stored.map { "\(MenuText.onOff($0)) (what getPreferenceFor reads; isEnabled does not)" }
                               ?? "none stored\(separator)getPreferenceFor gives \(MenuText.onOff(previewed.preferences.getPreferenceFor(flag)))",
                               wins: false, style: stored == nil ? .dim : .normal))
        }
        return lines
    }

    private func source(_ state: FeatureFlagState) -> FlagValueSource { state.source }

    // MARK: - A typed preference

    private func preferenceLines(_ preference: TypedPreference) -> [Line] {
        let preferences = previewed.preferences
        let stored = preferences.storedPreference(for: preference)
        var lines: [Line] = [
            field("id", preference.id),
            field("value", preferences.getPreferenceFor(preference) + (stored == nil ? "\(separator)from Nimbus" : "\(separator)user choice"), style: .bold),
            field("feature", preference.nimbus.feature),
            field("variable", preference.nimbus.variable),
            field("enum", "\(preference.enumName): \(preference.variants.joined(separator: ", "))"),
            field("user prefs key", preference.userPrefsKey),
            field("stored choice", stored ?? "none"),
            .init([]),
        ]
        lines += featureLines(preference.nimbus.feature, highlighting: preference.nimbus.variable)
        lines.append(.init([]))
        lines.append(heading("Defined in \(MenuText.abbreviated(registryFolder))"))
        lines.append(field("preference", relative(registry.path)))
        lines += manifestPlaces(preference.nimbus.feature, variable: preference.nimbus.variable)
        lines.append(.init([]))
        lines += experimentLines(preference.nimbus.feature)
        return lines
    }

    // MARK: - A build flag

    private func buildFlagLines(_ flag: BuildFlagDefinition) -> [Line] {
        var lines: [Line] = [
            field("name", flag.name),
            field("this build", "\(Distribution.current.rawValue): \(flag.value(in: .current))", style: .bold),
        ]
        lines += wrapped(flag.description, label: "description")
        lines.append(.init([]))
        lines.append(heading("Per distribution (fixed at compile time; no override can change it)"))
        for distribution in Distribution.allCases {
            lines.append(layer(distribution.rawValue, "\(flag.value(in: distribution))", wins: distribution == .current))
        }
        lines.append(.init([]))
        lines.append(field("defined in", registry.path))
        return lines
    }

    // MARK: - The feature's value

    /// The feature's whole value as JSON, one variable a selectable line with its source.
    private func featureLines(_ featureID: String, highlighting variableName: String) -> [Line] {
        guard let feature = manifest.feature(featureID) else {
            return [heading("Feature \(featureID): not in the manifest")]
        }
        let resolved = previewed.experiments.resolved[featureID]
        let value = resolved?.value ?? manifest.defaultValue(forFeature: featureID, channel: previewed.channel)
        let overridden = stored.featureValues[featureID] ?? [:]
        var lines: [Line] = [
            heading("Feature \(featureID) for \(previewed.channel)\(separator)Enter edits a variable, x removes its override"),
            .init([("{", .normal)]),
        ]
        let nameWidth = min(28, (feature.variables.map(\.name.count).max() ?? 0) + 4)
        for (offset, variable) in feature.variables.enumerated() {
            let current = value[variable.name] ?? variable.defaultValue
            let text = current.prettyText.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            let comma = offset == feature.variables.count - 1 ? "" : ","
            let variableSource = resolved?.source(ofVariable: variable.name) ?? .defaultValue
            var sourceText = variableSource.summary
            if let stored = overridden[variable.name], variableSource != .featureOverride {
                sourceText += " (override \(stored.compactText) \(honors ? "does not fit the type" : "inactive in this preview"))"
            }
            if resolved?.rejectedVariables.contains(variable.name) == true { sourceText += " (a record's value of the wrong type was ignored)" }
            let key = "  \"\(variable.name)\": "
            let first = key + (text.first ?? "") + (text.count == 1 ? comma : "")
            let pad = String(repeating: " ", count: max(2, nameWidth + 14 - first.count))
            let isFlagVariable = variable.name == variableName
            let isOverride = variableSource == .featureOverride
            lines.append(.init([(first, isFlagVariable ? .bold : .normal), (pad + sourceText, isOverride ? .accent : .dim),
                                ("  " + typeText(variable.type), .dim)],
                               variable: .init(feature: featureID, name: variable.name, typeName: "\(variable.type)",
                                               editor: editor(for: variable.type, value: current),
                                               isOverridden: overridden[variable.name] != nil)))
            for (index, rest) in text.dropFirst().enumerated() {
                lines.append(.init([("  " + rest + (index == text.count - 2 ? comma : ""), .normal)]))
            }
        }
        lines.append(.init([("}", .normal)]))
        return lines
    }

    /// The type as the manifest writes it; an enum with its variants, which Enter walks through.
    private func typeText(_ type: FMLType) -> String {
        guard case .enumeration(let name) = type, let variants = manifest.enumDefinition(name)?.variants else { return "\(type)" }
        return "\(name): \(variants.joined(separator: " | "))"
    }

    /// How Enter edits a variable of `type` now holding `value`.
    private func editor(for type: FMLType, value: JSONValue) -> DetailPane.Variable.Editor {
        switch type {
        case .boolean:
            return .toggle(value.boolValue ?? false)
        case .enumeration(let name):
            return .variants(manifest.enumDefinition(name)?.variants ?? [], current: value.stringValue)
        case .int:
            return .text(value.intValue.map(String.init) ?? value.compactText)
        case .string, .text, .image, .stringAlias:
            // A text in quotes is read back as JSON (`FeatureValueInput`), so such a value is
            // offered in JSON quotes, and Enter on it unchanged stores it unchanged.
            guard let text = value.stringValue else { return .text(value.compactText) }
            return .text(text.count >= 2 && text.hasPrefix("\"") && text.hasSuffix("\"") ? value.compactText : text)
        case .option, .list, .map, .object:
            return .json(value.compactText)
        }
    }

    // MARK: - Places and experiments

    private func manifestPlaces(_ featureID: String, variable: String) -> [Line] {
        guard let feature = manifest.feature(featureID) else { return [field("feature", "not in the manifest \(registry.manifestPath)")] }
        var lines = [field("feature", place(feature.location))]
        if let definition = feature.variable(variable) { lines.append(field("variable", place(definition.location))) }
        return lines
    }

    /// The registry's folder: the places under it are named relative to it, so they fit a line.
    private var registryFolder: String {
        registry.path.lastIndex(of: "/").map { String(registry.path[..<$0]) } ?? ""
    }

    /// `file:line`, relative to the registry's folder when under it, else as people see it (`~/…`).
    private func place(_ mark: YAMLMark) -> String {
        "\(relative(mark.file)):\(mark.line)"
    }

    private func relative(_ file: String) -> String {
        let folder = registryFolder + "/"
        return file.hasPrefix(folder) && folder.count > 1 ? String(file.dropFirst(folder.count)) : MenuText.abbreviated(file)
    }

    /// Whether `record` configures `featureID` in any branch (or lists it).
    private func touches(_ record: ExperimentRecord?, _ featureID: String) -> Bool {
        guard let record else { return false }
        return record.featureIds.contains(featureID) || record.branches.contains { $0.value(for: featureID) != nil }
    }

    private func experimentLines(_ featureID: String) -> [Line] {
        let experiments = previewed.experiments
        let touching = experiments.enrollments.filter { touches($0.record, featureID) }
        var lines: [Line] = [heading("Experiments and rollouts on \(featureID) (\(touching.count))")]
        if touching.isEmpty {
            let none = experiments.loadProblem ?? (experiments.source == nil ? "the app names no experiments" : "no record configures it")
            lines += wrapped(none, label: "", style: .dim)
        }
        for result in touching {
            let kind = result.isRollout ? "rollout" : "experiment"
            let branches = result.record.branches.map(\.slug).joined(separator: ", ")
            lines.append(.init([("  " + result.slug, result.status.isEnrolled ? .bold : .normal),
                                ("  \(kind)\(separator)branches \(branches)", .dim)]))
            lines += wrapped(experiments.explanation(of: result), label: "", style: result.status.isEnrolled ? .accent : .normal)
        }
        for problem in experiments.overrideProblems where stored.forcedBranches.keys.contains(where: { problem.contains($0) }) {
            lines += wrapped(problem, label: "", style: .error)
        }
        return lines
    }

    // MARK: - Building lines

    private func heading(_ text: String) -> Line {
        .init([(text, .bold)])
    }

    private func field(_ label: String, _ value: String, style: TextStyle = .normal) -> Line {
        .init([("  " + label.padding(to: Self.labelWidth), .dim), (value, style)])
    }

    private func layer(_ label: String, _ value: String, wins: Bool, style: TextStyle = .normal) -> Line {
        .init([("  " + label.padding(to: Self.labelWidth), wins ? .bold : .dim), (value, wins ? .bold : style),
               (wins ? Self.wins : "", .accent)])
    }

    /// `text` as lines under `label`, wrapped at the terminal's width (at spaces where it can).
    private func wrapped(_ text: String, label: String, style: TextStyle = .normal) -> [Line] {
        let indent = 2 + Self.labelWidth
        let room = max(20, width - indent - 3)
        var lines: [Line] = []
        var rest = Substring(TerminalSafeText.sanitized(text))
        var first = true
        repeat {
            var cut = rest.endIndex
            if rest.count > room {
                let limit = rest.index(rest.startIndex, offsetBy: room)
                cut = rest[..<limit].lastIndex(of: " ").map { $0 > rest.startIndex ? $0 : limit } ?? limit
            }
            let head = (first ? "  " + label.padding(to: Self.labelWidth) : String(repeating: " ", count: indent))
            lines.append(.init([(head, .dim), (String(rest[..<cut]), style)]))
            rest = rest[cut...].drop { $0 == " " }
            first = false
        } while !rest.isEmpty
        return lines
    }
}

private extension String {
    /// The text padded with spaces to `width` characters (longer text gets one space after it).
    func padding(to width: Int) -> String {
        count >= width ? self + " " : self + String(repeating: " ", count: width - count)
    }
}
#endif
