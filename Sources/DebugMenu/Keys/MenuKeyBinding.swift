#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
/// One line of the menu's key table: the keys, the command each one gives, the help text, and
/// whether (and how prominently) the footer shows it.
///
/// Use the bindings of `MenuKeyBindings`; the key handling, the help screen, the footer and
/// `flags menu --help` all read them, so what a key does and what the menu says it does
/// cannot drift apart.
///
/// ```swift
/// let move = MenuKeyBinding([(.key(.up), .moveUp), (.key(.down), .moveDown)],
///                           help: "move", footer: "move", rank: 0)
/// move.helpKeys(glyphs: .ascii)   // "Up Down"
/// ```
public struct MenuKeyBinding: Equatable, Hashable, Sendable {
    /// One key of the binding and the command it gives.
    public struct Key: Equatable, Hashable, Sendable {
        public let trigger: MenuKeyTrigger
        public let command: MenuKeyCommand
    }

    /// What the footer shows for a binding: one of its keys and a short meaning.
    public struct FooterHint: Equatable, Hashable, Sendable {
        /// The key named (one of the binding's own, so the footer never names an unbound key).
        public let trigger: MenuKeyTrigger
        /// A word or two ("toggle", "remove override").
        public let meaning: String
        /// How much it matters: on a narrow terminal the highest ranks are dropped first.
        public let rank: Int
    }

    /// The keys, in the order the help names them.
    public let keys: [Key]
    /// The help screen's explanation.
    public let helpText: String
    /// What the footer shows, or nil when the footer leaves the binding out.
    public let footer: FooterHint?

    /// A binding of `keys`; the footer (when `footer` is given) names `keys[footerKey]`.
    public init(_ keys: [(MenuKeyTrigger, MenuKeyCommand)], help: String, footer: String? = nil,
                footerKey: Int = 0, rank: Int = 0) {
        self.keys = keys.map { Key(trigger: $0.0, command: $0.1) }
        self.helpText = help
        self.footer = footer.map { FooterHint(trigger: keys[footerKey].0, meaning: $0, rank: rank) }
    }

    /// The keys as the help screen names them: each name once, two spaces between named keys and
    /// typed characters ("↑ ↓  j k", "space  Enter", "q  Ctrl-C").
    public func helpKeys(glyphs: ScreenGlyphs) -> String {
        var text = ""
        var names: [String] = []
        var previousIsCharacter: Bool?
        for key in keys {
            let name = key.trigger.name(glyphs: glyphs)
            guard !names.contains(name) else { continue }
            names.append(name)
            let isCharacter = key.trigger.isCharacterKey
            if let previous = previousIsCharacter { text += previous == isCharacter ? " " : "  " }
            text += name
            previousIsCharacter = isCharacter
        }
        return text
    }

    /// The command of the first of this binding's keys that matches `event`, wildcards
    /// (`anyCharacter`, `anyKey`) only when `wildcards` is true.
    func command(for event: KeyEvent, wildcards: Bool) -> MenuKeyCommand? {
        for key in keys where key.trigger.isWildcard == wildcards && key.trigger.matches(event) {
            return key.command
        }
        return nil
    }
}

extension MenuKeyTrigger {
    /// Whether the trigger stands for many keys: a binding of one exact key wins over it.
    var isWildcard: Bool {
        switch self {
        case .anyCharacter, .anyKey: true
        default: false
        }
    }
}
#endif
