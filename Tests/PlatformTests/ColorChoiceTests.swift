import Platform
import Testing

/// `ColorChoice`: `auto` follows the terminal, `NO_COLOR` and `TERM=dumb`; the others are fixed.
@Suite struct ColorChoiceTests {
    @Test func autoColorsATerminalOnly() {
        #expect(ColorChoice.auto.isOn(outputIsTerminal: true, environment: [:]))
        #expect(!ColorChoice.auto.isOn(outputIsTerminal: false, environment: [:]))
    }

    @Test func noColorOrADumbTerminalTurnAutoOff() {
        #expect(!ColorChoice.auto.isOn(outputIsTerminal: true, environment: ["NO_COLOR": "1"]))
        #expect(!ColorChoice.auto.isOn(outputIsTerminal: true, environment: ["TERM": "dumb"]))
        // An empty NO_COLOR is unset, as no-color.org says.
        #expect(ColorChoice.auto.isOn(outputIsTerminal: true, environment: ["NO_COLOR": "", "TERM": "xterm"]))
    }

    @Test func alwaysAndNeverIgnoreTheTerminalAndTheEnvironment() {
        #expect(ColorChoice.always.isOn(outputIsTerminal: false, environment: ["NO_COLOR": "1"]))
        #expect(!ColorChoice.never.isOn(outputIsTerminal: true, environment: [:]))
    }
}
