#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
/// One line of the debug menu, as plain data: what it shows and what it can do.
///
/// Use it to hand the screen what `FeatureFlagsBoolSetting` (or a preference, or a build
/// flag) should look like; the screen never sees flags or stores, and reports what the user
/// asked for as a `MenuAction` carrying the row's `id`.
///
/// ```swift
/// let row = MenuRow(
///     id: "translation", section: .featureFlags,
///     kind: .toggle(isOn: true, isOverridden: true, sourceText: "override",
///                   hiddenValueText: "default: off"),
///     title: "Translation", statusText: "Translate pages in place")
/// ```
public struct MenuRow: Identifiable, Equatable, Hashable, Sendable {
    /// What a row is and what it can do.
    public enum Kind: Equatable, Hashable, Sendable {
        /// An on/off switch; `sourceText` says where the value comes from (override,
        /// experiment slug/branch, rollout, default); `hiddenValueText` is the value an
        /// override hides, shown beside it.
        case toggle(isOn: Bool, isOverridden: Bool, sourceText: String, hiddenValueText: String?)
        /// One value out of `variants`; activating it asks to cycle to the next one.
        case choice(value: String, variants: [String])
        /// A value to read, not to change.
        case readOnly(valueText: String)
    }

    /// Stable identity (a flag id, a preference key); kept selected across refreshes.
    public let id: String
    /// The section the row is shown in.
    public let section: MenuSection
    /// What the row shows and can do.
    public let kind: Kind
    /// The row's title.
    public let title: String
    /// A short explanation shown after the title.
    public let statusText: String
    /// The row's value texts are not worked out yet: what it does (toggle, remove an override)
    /// is right, what it shows is not. Whoever owns the rows fills a pending row in before it
    /// is drawn or handed out, so a menu of 10,000 flags works out the values of a screenful.
    public let isPending: Bool
    public init(id: String, section: MenuSection, kind: Kind, title: String, statusText: String = "", isPending: Bool = false) {
        self.id = id
        self.section = section
        self.kind = kind
        self.title = title
        self.statusText = statusText
        self.isPending = isPending
    }

    /// What the filter searches: id, title, status text and the source column (where the value
    /// comes from: `override`, an experiment's slug), lowercased, one per line.
    public var searchableText: String {
        var bytes: [UInt8] = []
        appendSearchableText(to: &bytes, keepingCase: false)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The source column's text: where a toggle's value comes from (and the value it hides), a
    /// choice's value, a read-only row's value.
    public var sourceColumnText: String {
        switch kind {
        case .toggle(_, _, let source, let hidden): hidden.map { "\(source) (\($0))" } ?? source
        case .choice(let value, _): value
        case .readOnly(let value): value
        }
    }

    /// Appends `searchableText` as UTF-8 to `bytes`, without making the string: ASCII text (ids,
    /// most titles) byte by byte (lowercased unless `keepingCase`, which the fuzzy filter wants
    /// to see where camelCase words start), anything else through `lowercased()`.
    func appendSearchableText(to bytes: inout [UInt8], keepingCase: Bool = false) {
        func append(_ part: String) {
            var text = part
            let isASCII = text.withUTF8 { utf8 in
                guard utf8.allSatisfy({ $0 < 0x80 }) else { return false }
                for byte in utf8 { bytes.append(!keepingCase && byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte) }
                return true
            }
            if !isASCII { bytes.append(contentsOf: text.lowercased().utf8) }
        }
        append(id)
        bytes.append(UInt8(ascii: "\n"))
        append(title)
        bytes.append(UInt8(ascii: "\n"))
        append(statusText)
        bytes.append(UInt8(ascii: "\n"))
        switch kind {
        case .toggle(_, _, let source, let hidden):
            append(source)
            if let hidden { append(" (" + hidden + ")") }
        case .choice(let value, _), .readOnly(let value):
            append(value)
        }
    }

    /// Whether the filter sees the same text in both rows (id, title, status and source).
    func hasSameSearchableText(as other: MenuRow) -> Bool {
        guard id == other.id, title == other.title, statusText == other.statusText else { return false }
        return sourceColumnText == other.sourceColumnText
    }

    /// Whether the row is a toggle carrying a debug override.
    public var isOverridden: Bool {
        if case .toggle(_, true, _, _) = kind { return true }
        return false
    }

    /// Whether the row can be changed (toggled or cycled).
    public var isActionable: Bool {
        if case .readOnly = kind { return false }
        return true
    }

    /// Whether the (already lowercased) `needle` occurs in the id, title, status or source text.
    ///
    /// A plain byte search over the UTF-8 of both: the filter runs it on every row for
    /// every typed key, and Foundation's `contains` (which bridges each string to NSString)
    /// made a key cost ~100 ms at 10,000 flags (flags-bench, perf). Both sides are lowercased
    /// the same way, so matching their bytes finds the same rows.
    public func matches(lowercasedFilter needle: String) -> Bool {
        Self.searchableText(searchableText, matches: needle)
    }

    static func searchableText(_ searchableText: String, matches needle: String) -> Bool {
        guard !needle.isEmpty else { return true }
        var haystack = searchableText, needle = needle  // `withUTF8` needs `var`; native strings are not copied
        return haystack.withUTF8 { text in needle.withUTF8 { part in Self.bytes(text, contain: part) } }
    }

    /// Whether `part` (not empty) occurs in `text`: the rows' texts are short, so the naive
    /// search (find the first byte, compare the rest) beats anything cleverer.
    static func bytes(_ text: UnsafeBufferPointer<UInt8>, contain part: UnsafeBufferPointer<UInt8>) -> Bool {
        guard part.count <= text.count, let first = part.first else { return part.isEmpty }
        var start = 0
        while start <= text.count - part.count {
            if text[start] == first {
                var offset = 1
                while offset < part.count && text[start + offset] == part[offset] { offset += 1 }
                if offset == part.count { return true }
            }
            start += 1
        }
        return false
    }
}
#endif
