import FeatureFlagsTestSupport
import Foundation
import Testing
import TestHelpers
import TestServers
import TestTraits

/// `flags completion bash|zsh|fish` loaded by the real shells, and `flags __complete`, which the
/// scripts run at each Tab, on the built-in demo and on a registry named on the line.
@Suite(.blocking) struct CompletionScriptTests {
    let folder = TemporaryDirectory()

    /// The demo app (no registry in the folder), with a store of the test's own.
    private var environment: [String: String] {
        let programs = URL(fileURLWithPath: BuiltProgram.flags).deletingLastPathComponent().path
        return ["PATH": "\(programs):/usr/local/bin:/usr/bin:/bin", "HOME": folder.path, "XDG_STATE_HOME": folder.file("state"),
                "XDG_CONFIG_HOME": folder.file("config"), "XDG_DATA_HOME": folder.file("data"), "ZDOTDIR": folder.path,
                "PS1": "$ ", "TERM": "xterm-256color", "LANG": "C.UTF-8"]
    }

    /// The candidates' words (each line is a word, then a tab and its description if any).
    private func complete(_ words: String...) throws -> [String] {
        try completeLines(words).map { String($0.prefix { $0 != "\t" }) }
    }

    private func completeLines(_ words: [String]) throws -> [String] {
        let result = try BuiltProgram.run(BuiltProgram.flags, ["__complete"] + words, environment: environment, in: folder.path)
        #expect(result.status == 0 && result.errors.isEmpty, "\(result.errors)")
        return result.output.split(separator: "\n").map(String.init)
    }

    @Test func commandsOptionsAndFlagsComeWithDescriptions() throws {
        #expect(try completeLines(["ex"]) == ["experiments\tList experiment and rollout records with this client's enro…",
                                              "export\tWrite the current overrides and preferences as JSON"])
        #expect(try completeLines(["list", "--ov"]) == ["--overridden\tonly flags with a stored override (the quick way to find le…"])
        #expect(try completeLines(["get", "tipJ"]) == ["tipJar\tTip Jar"])
        #expect(try completeLines(["set", "tipJar", "o"]) == ["off", "on"])
    }

    @Test func commandsOptionsAndValuesComeFromTheTableAndTheApp() throws {
        #expect(try complete("l") == ["list", "log"])
        #expect(try complete("li") == ["list"])
        #expect(try complete("").contains("completion") && !complete("").contains("__complete"))
        #expect(try complete("list", "--js") == ["--json"])
        #expect(try complete("--chan") == ["--channel"])
        #expect(try complete("--channel", "") == ["beta", "developer", "release"])
        #expect(try complete("--color=never", "get", "tip") == ["tipJar"])
        #expect(try complete("set", "tipJar", "") == ["off", "on"])
        #expect(try complete("get", "").contains("newBibimbapMenu"))
        #expect(try complete("reset", "tipJar", "pro") == ["promoBanner"])
        #expect(try complete("import", "") == [":files"])
        #expect(try complete("--config", "") == [":files"])
        #expect(try complete("completion", "") == ["bash", "fish", "zsh"])
        #expect(try complete("help", "pre") == ["pref", "preset"])
        #expect(try complete("help", "pres") == ["preset"])
        #expect(try complete("matrix", "tipJar", "--", "") == [])
    }

    /// `feature` and `test-feature` offer the manifest's features, with their descriptions.
    @Test func featureCommandsCompleteTheManifestsFeatures() throws {
        #expect(try complete("feature", "bibimbap-") == ["bibimbap-feature"])
        #expect(try completeLines(["test-feature", "tip"]) == ["tip-jar-feature\tA tip prompt at checkout."])
        #expect(try complete("test-feature", "tip-jar-feature", "") == [":files"])
    }

    @Test func presetNamesComeFromTheStore() throws {
        let saved = try BuiltProgram.run(BuiltProgram.flags, ["preset", "save", "checkout"], environment: environment, in: folder.path)
        #expect(saved.status == 0, "\(saved.errors)")
        #expect(try complete("preset", "apply", "") == ["checkout"])
        #expect(try complete("diff", "preset:") == ["preset:checkout"])
        // `--remote` may stand alone: the word after it is its URL only when it has `://`, as
        // the command reads it, so a name after a bare `--remote` is still the preset's.
        #expect(try complete("preset", "delete", "--remote", "") == ["checkout"])
        #expect(try complete("preset", "push", "--remote", "http://127.0.0.1:9/v1", "") == ["checkout"])
    }

    /// The history, events and preference commands offer what they declare.
    @Test func logEventsUndoAndPrefCompleteTheirOptionsAndWords() throws {
        #expect(try complete("log", "--s") == ["--since", "--store"])
        #expect(try complete("log", "--since", "") == [])
        #expect(try complete("context", "--j") == ["--json"])
        #expect(try complete("events", "") == ["clear", "list", "record"])
        #expect(try complete("events", "record", "app_launch", "--co") == ["--color", "--config", "--context", "--count"])
        #expect(try complete("events", "record", "app_launch", "--at", "") == [])
        #expect(try complete("undo", "") == [])
        #expect(try complete("pref", "") == ["get", "reset", "set"])
        // Typed preferences and flags with a userPrefsKey; a flag without one is no preference.
        let names = try complete("pref", "set", "")
        #expect(names.contains("startAtHome") && names.contains("spicyMode") && !names.contains("tipJar"), "\(names)")
        #expect(try completeLines(["pref", "get", "startAt"]) == ["startAtHome\tone of: afterFourHours, always, disabled"])
    }

    /// Shared presets, the sharded matrix and `set a=on b=off`: the forms added beside the old ones.
    @Test func presetMatrixAndSetCompleteTheirNewForms() throws {
        #expect(try complete("preset", "p") == ["pull", "push"])
        let presetOptions = try complete("preset", "push", "checkout", "--")
        #expect(presetOptions.contains("--remote") && presetOptions.contains("--force"), "\(presetOptions)")
        #expect(try complete("matrix", "--sh") == ["--shard"])
        #expect(try complete("matrix", "--shard", "") == [])
        #expect(try complete("matrix", "--shard", "1/2", "tip") == ["tipJar"])
        // --merge takes the parts' RESULT files, not flag ids.
        #expect(try complete("matrix", "--merge", "") == [":files"])
        #expect(try complete("matrix", "--merge", "part1.json", "") == [":files"])
        #expect(try complete("set", "tipJar=o") == ["tipJar=off", "tipJar=on"])
        #expect(try complete("set", "tipJar=on", "pro") == ["promoBanner"])
        #expect(try complete("set", "tipJar=on", "promoBanner=") == ["promoBanner=off", "promoBanner=on"])
        #expect(try complete("set", "tipJar", "o") == ["off", "on"])
    }

    /// A recipe is a file; a slug to unpublish comes from the app's cached records, read
    /// without asking a server and only from a store that exists.
    @Test func publishTakesAFileAndUnpublishTheCachedSlugs() throws {
        #expect(try complete("publish", "") == [":files"])
        #expect(try complete("publish", "--remote", "") == [":files"])
        #expect(try complete("publish", "--collection", "") == [])
        #expect(try complete("unpublish", "--b") == ["--bucket"])
        #expect(try complete("unpublish", "new") == [])
        let listed = try BuiltProgram.run(BuiltProgram.flags, ["list"], environment: environment, in: folder.path)
        #expect(listed.status == 0, "\(listed.errors)")
        #expect(try complete("unpublish", "new") == ["new-menu-test"])
        #expect(try complete("unpublish", "--bucket", "main", "--remote", "dark") == ["dark-kitchen-rollout"])
    }

    @Test func aTabCreatesNoStore() throws {
        let store = folder.file("new/prefs.sqlite")
        #expect(try complete("--store", store, "preset", "apply", "") == [])
        #expect(try complete("--store", store, "get", "tip") == ["tipJar"])
        #expect(!FileManager.default.fileExists(atPath: store))
        #expect(!FileManager.default.fileExists(atPath: folder.file("state/feature-flags/bibimbap/prefs.sqlite")))
    }

    @Test func aRegistryNamedOnTheLineIsTheOneCompleted() throws {
        let fixture = try StaleFlagsFixture()
        let ids = try complete("--config", fixture.registryPath, "get", "")
        #expect(ids.contains("shipped") && !ids.contains("tipJar"), "\(ids)")
        // An app that cannot be opened completes nothing, quietly.
        #expect(try complete("--config", folder.file("missing.yaml"), "get", "") == [])
    }

    /// Experiments from a server: completion reads the registry and the store and asks nothing.
    @Test func completionNeverAsksAServer() throws {
        let server = try FixedAnswerServer.start()
        defer { server.stop() }
        let records = server.client("backoff").recordsURL.absoluteString
        #expect(try complete("--experiments", records, "preset", "apply", "") == [])
        #expect(try complete("--experiments", records, "get", "tip") == ["tipJar"])
        #expect(try server.requestPaths().isEmpty)
        // The same line run for real does ask.
        _ = try BuiltProgram.run(BuiltProgram.flags, ["--experiments", records, "list"], environment: environment, in: folder.path)
        #expect(try !server.requestPaths().isEmpty)
    }

    @Test func bashCompletesAFlagIDWhenTabIsPressed() throws {
        guard let bash = ShellSession.program("bash") else { Issue.record("bash is not installed"); return }
        // As bash calls it: the function the script registered, with the words of the line.
        // As bash calls it: the line up to the cursor, and the words split as bash splits them
        // (at = and : too), of which the reply replaces the last.
        let script = """
            source <(flags completion bash)
            complete -p flags
            t() { COMP_LINE="$1"; COMP_POINT=${#1}; shift; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _flags_complete; printf '[%s]' "${COMPREPLY[@]}"; echo; }
            t "flags get tipJ" flags get tipJ
            t "flags --store /x list --ov" flags --store /x list --ov
            t "flags --channel=b" flags --channel = b
            t "flags --channel=" flags --channel =
            """
        let result = try BuiltProgram.run(bash, ["--norc", "--noprofile", "-c", script], environment: environment, in: folder.path)
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output == """
            complete -F _flags_complete flags
            [tipJar]
            [--overridden]
            [beta]
            [=beta][=developer][=release]

            """, "\(result.output)")
        try pressTab(in: [bash, "--norc", "--noprofile"], loading: "source <(flags completion bash)")
    }

    @Test func zshCompletesAFlagIDWhenTabIsPressed() throws {
        guard let zsh = ShellSession.program("zsh") else {
            Issue.record("zsh is not installed: apt-get install zsh")
            return
        }
        try pressTab(in: [zsh, "-f"], loading: "autoload -Uz compinit && compinit -u && source <(flags completion zsh)",
                     listing: ("flags exp", "export      -- Write the current overrides and preferences as JSON"))
    }

    @Test func fishCompletesAFlagIDWhenTabIsPressed() throws {
        guard let fish = ShellSession.program("fish") else {
            Issue.record("fish is not installed: apt-get install fish")
            return
        }
        let result = try BuiltProgram.run(fish, ["--no-config", "-c", "flags completion fish | source; complete -C 'flags get tipJ'; complete -C 'flags preset '"],
                                          environment: environment, in: folder.path)
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output.split(separator: "\n").first == "tipJar\tTip Jar", "\(result.output)")
        #expect(result.output.contains("apply\n") && result.output.contains("delete\n"), "\(result.output)")
        try pressTab(in: [fish, "--no-config"], loading: "flags completion fish | source")
    }

    /// Starts `shell` in a terminal, loads the script, types `flags get tipJ` and presses Tab:
    /// the line must then read `flags get tipJar`; likewise a preset after `preset:` and a
    /// value after `--channel=`, which bash splits into words of their own.
    private func pressTab(in shell: [String], loading setup: String, listing: (typed: String, shown: String)? = nil) throws {
        guard ShellSession.tmux != nil else { Issue.record("tmux is not installed"); return }
        let saved = try BuiltProgram.run(BuiltProgram.flags, ["preset", "save", "checkout"], environment: environment, in: folder.path)
        #expect(saved.status == 0, "\(saved.errors)")
        let session = try ShellSession(shell, in: folder.path, environment: environment)
        defer { session.kill() }
        try session.waitFor("prompt") { !$0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty }
        // The echo's output differs from its typed line in every shell: the quotes go.
        try session.type(setup + "; echo LOADED-'4'2")
        try session.press("Enter")
        try session.waitFor("LOADED-42 after loading") { $0.contains("LOADED-42") }
        for (typed, completed) in [("flags get tipJ", "flags get tipJar"), ("flags diff preset:chec", "flags diff preset:checkout"),
                                   ("flags --channel=be", "flags --channel=beta")] {
            try session.type(typed)
            try session.press("Tab")
            try session.waitFor("`\(completed)`") { $0.contains(completed) }
            try session.press("C-u")
        }
        // Where several match, the shell lists them with their descriptions.
        if let (typed, shown) = listing {
            try session.type(typed)
            try session.press("Tab")
            try session.waitFor("the list of `\(typed)` candidates") { $0.contains(shown) }
        }
    }
}
