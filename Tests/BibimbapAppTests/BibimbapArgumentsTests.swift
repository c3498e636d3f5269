import BibimbapApp
import Testing

@Suite struct BibimbapArgumentsTests {
    @Test func defaults() throws {
        let arguments = try BibimbapArguments.parse([])
        #expect(arguments == BibimbapArguments())
        #expect(!arguments.watch && arguments.intervalMilliseconds == 200 && arguments.colour == .auto && arguments.width == nil && !arguments.annotate)
    }

    @Test func everyOption() throws {
        let arguments = try BibimbapArguments.parse(["--watch", "--interval", "50", "--config=/a/feature-flags.yaml",
                                                     "--store", "/b/prefs.sqlite", "--color", "never", "--width", "80", "--annotate"])
        #expect(arguments.watch && arguments.intervalMilliseconds == 50 && arguments.width == 80 && arguments.annotate)
        #expect(arguments.configPath == "/a/feature-flags.yaml" && arguments.storePath == "/b/prefs.sqlite")
        #expect(arguments.colour == .never)
        #expect(try BibimbapArguments.parse(["--no-color"]).colour == .never)
        #expect(try BibimbapArguments.parse(["--colour=always"]).colour == .always)
        #expect(try BibimbapArguments.parse(["-h"]).showHelp)
        #expect(try BibimbapArguments.parse(["--help"]).showHelp)
    }

    @Test(arguments: [
        (["--frobnicate"], "unknown option '--frobnicate'"),
        (["menu"], "unexpected argument 'menu'"),
        (["--store"], "--store needs a value"),
        (["--store", "--watch"], "--store needs a value"),
        (["--interval", "soon"], "--interval needs a whole number of at least 10, not 'soon'"),
        (["--width", "47"], "--width needs a whole number of at least 48, not '47'"),
        (["--annotate=yes"], "--annotate takes no value"),
        (["--color", "pink"], "--color takes auto, always or never, not 'pink'"),
        (["--watch=yes"], "--watch takes no value"),
    ])
    func mistakesAreExplained(words: [String], message: String) {
        #expect(throws: BibimbapArguments.UsageError(description: message)) { try BibimbapArguments.parse(words) }
    }

    @Test func helpNamesEveryOption() {
        for option in ["--watch", "--interval", "--config", "--store", "--color", "--no-color", "--width", "--help", "tmux"] {
            #expect(BibimbapArguments.help.contains(option))
        }
    }
}
