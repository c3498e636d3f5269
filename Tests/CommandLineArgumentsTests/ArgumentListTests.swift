import CommandLineArguments
import Testing

/// The parser read through declarations: each option is taken by the value that declares it.
@Suite struct ArgumentListTests {
    static let json = FlagOption.json("print JSON")
    static let yes = FlagOption("--yes", "-y", help: "do not ask")
    static let output = ValueOption("-o", "--output", value: .file, help: "write to FILE")
    static let context = ValueOption("--context", value: .text("K=V"), help: "an attribute")
    static let remote = ValueOption("--remote", value: .text("URL"), optionalValue: { $0.contains("://") }, help: "the server")

    @Test func switchesAndValuesAreTakenAnywhereOnTheLine() throws {
        var arguments = ArgumentList(["get", "-y", "x", "--output=a.json", "--json", "-o", "b.json"])
        let hasJSON = arguments.take(Self.json)
        #expect(hasJSON)
        let hasYes = arguments.take(Self.yes)
        #expect(hasYes)
        let output = try arguments.value(of: Self.output)
        #expect(output == "b.json")
        let words = try arguments.positionals()
        #expect(words == ["get", "x"])
        #expect(arguments.isEmpty)
    }

    @Test func aRepeatedOptionKeepsEveryValueInOrder() throws {
        var arguments = ArgumentList(["--context", "a=1", "--context=b=2"])
        let values = try arguments.values(of: Self.context)
        #expect(values == ["a=1", "b=2"])
    }

    @Test func wordsAfterTheEndOfOptionsAreNeverOptions() throws {
        var arguments = ArgumentList(["run", "--", "--json", "-o"])
        let hasJSON = arguments.take(Self.json)
        #expect(!hasJSON)
        #expect(arguments.trailing == ["--json", "-o"])
        let words = try arguments.positionals()
        #expect(words == ["run"])
    }

    @Test func anOptionalValueIsTheNextWordOnlyWhenItFits() {
        var alone = ArgumentList(["--remote", "checkout"])
        let bare = alone.optionalValue(of: Self.remote)
        #expect(bare.present == true && bare.value == nil)
        var given = ArgumentList(["--remote", "https://rs.example/v1", "checkout"])
        let withURL = given.optionalValue(of: Self.remote)
        #expect(withURL.present == true && withURL.value == "https://rs.example/v1")
        var absent = ArgumentList(["checkout"])
        let notGiven = absent.optionalValue(of: Self.remote)
        #expect(notGiven.present == false && notGiven.value == nil)
    }

    @Test func mistakesNameTheWordAsTyped() {
        var missing = ArgumentList(["-o"])
        #expect(throws: ArgumentError(.needsValue, "-o")) { try missing.value(of: Self.output) }
        var empty = ArgumentList(["--output", ""])
        #expect(throws: ArgumentError(.emptyPath(hint: " (use -)"), "--output")) { try empty.path(of: Self.output, hint: " (use -)") }
        var unknown = ArgumentList(["--jsn"])
        _ = unknown.take(Self.json)
        #expect(throws: ArgumentError(.unknownOption, "--jsn")) { try unknown.positionals() }
        var valued = ArgumentList(["--json=yes"])
        _ = valued.take(Self.json)
        #expect(throws: ArgumentError(.takesNoValue, "--json")) { try valued.positionals() }
        #expect(ArgumentError(.needsValue, "-o").description == "-o needs a value")
    }

    @Test func aValueThatLooksLikeAnOptionIsRefusedWhenAsked() throws {
        var strict = ArgumentList(["--output", "--json"], valuesMayLookLikeOptions: false)
        #expect(throws: ArgumentError(.needsValue, "--output")) { try strict.value(of: Self.output) }
        var lenient = ArgumentList(["--output", "--json"])
        let lenientValue = try lenient.value(of: Self.output)
        #expect(lenientValue == "--json")
        var dash = ArgumentList(["--output", "-"], valuesMayLookLikeOptions: false)
        let standardOutput = try dash.value(of: Self.output)
        #expect(standardOutput == "-")
    }

    @Test func theNearestSpellingIsOffered() {
        let options = [Self.json.spec, Self.output.spec]
        #expect(OptionSpec.nearestName(to: "--jsn=1", among: options) == "--json")
        #expect(OptionSpec.nearestName(to: "--frobnicate", among: options) == nil)
    }
}
