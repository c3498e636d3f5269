import CommandLineArguments
import Testing

/// Option lists laid out as help shows them: labels in a column, text wrapped beside them.
@Suite struct HelpLayoutTests {
    @Test func labelsSayTheirValueAndTheTextWrapsUnderItself() {
        let output = ValueOption("-o", "--output", value: .file, help: "write to FILE instead of standard output, replacing it atomically")
        let remote = ValueOption("--remote", value: .text("URL"), optionalValue: { _ in true }, help: "the server")
        #expect(output.spec.label == "-o, --output FILE")
        #expect(remote.spec.label == "--remote [URL]")
        #expect(output.name == "--output")
        let text = HelpLayout.optionList([output.spec, remote.spec], width: 50)
        #expect(text == """
              -o, --output FILE  write to FILE instead of
                                 standard output, replacing it
                                 atomically
              --remote [URL]     the server
            """)
    }

    @Test func aNarrowWidthPutsTheTextUnderTheLabel() {
        let text = HelpLayout.definition("--experiments FILE|URL", "experiment records", labelWidth: 22, width: 40)
        #expect(text == "  --experiments FILE|URL\n      experiment records")
    }
}
