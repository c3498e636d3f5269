import DebugMenu
import Testing

/// The prompt edits as a shell's line editor does, with the keys people know, and a value it
/// opens with is replaced by typing rather than typed onto ("nullteal").
@Suite struct TextPromptTests {
    func prompt(_ text: String) -> TextPrompt {
        TextPrompt(purpose: .featureValue(feature: "promo-banner-feature", variable: "accent-color", typeName: "Option<String>"), text: text)
    }

    @Test func typingReplacesTheValueThePromptOpenedWith() {
        var prompt = prompt("null")
        #expect(prompt.isPrefilled)
        for character in "teal" { prompt.apply(.insert(character)) }
        #expect(prompt.text == "teal")
        var cleared = self.prompt("null")
        cleared.apply(.deleteBackward)
        #expect(cleared.text == "", "Backspace on the value it opened with clears it")
        var kept = self.prompt("Free kimchi")
        kept.apply(.end)
        kept.apply(.insert("!"))
        #expect(kept.text == "Free kimchi!", "a cursor key keeps the value to edit")
    }

    @Test func theLineEditingKeysWork() {
        var prompt = prompt("")
        for character in "one two three" { prompt.apply(.insert(character)) }
        prompt.apply(.deleteWordBackward)
        #expect(prompt.text == "one two ")
        prompt.apply(.start)
        prompt.apply(.insert(">"))
        #expect(prompt.text == ">one two " && prompt.cursor == 1)
        prompt.apply(.right)
        prompt.apply(.deleteToEnd)
        #expect(prompt.text == ">o")
        prompt.apply(.left)
        prompt.apply(.deleteToStart)
        #expect(prompt.text == "o" && prompt.cursor == 0)
        prompt.apply(.end)
        prompt.apply(.deleteBackward)
        #expect(prompt.text == "")
    }

    /// The keys reach the prompt as the terminal sends them: Ctrl-U is U+0015.
    @Test func controlKeysAreBoundInThePrompt() {
        var model = MenuFixtures.model()
        model.handle(.character("s"))
        model.type("lunch menu")
        model.handle(.character("\u{17}"))
        #expect(model.prompt?.text == "lunch ")
        model.handle(.character("\u{01}"))
        model.handle(.character("x"))
        #expect(model.prompt?.text == "xlunch ")
        model.handle(.character("\u{05}"))
        model.handle(.character("\u{15}"))
        #expect(model.prompt?.text == "")
        model.type("ab")
        model.handle(.left)
        model.handle(.character("\u{0B}"))
        #expect(model.prompt?.text == "a")
        #expect(model.handle(.enter) == .savePreset(name: "a"))
        #expect(MenuKeyBindings.prompt.contains { $0.helpKeys(glyphs: .ascii).contains("Ctrl-U") })
    }
}
