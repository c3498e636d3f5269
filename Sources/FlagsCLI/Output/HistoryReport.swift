#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
import FlagsTool
import Formats
import Platform
import Prefs

/// The store's change history as `flags log` prints it: a table for people, JSON for scripts.
///
/// ```swift
/// HistoryReport(entries: try prefs.history(), labels: labels).table(width: 80)
/// // #  WHEN                  BY         WHAT                      CHANGE
/// // 3  2026-12-01T13:05:01Z  flags set  newBibimbapMenu override  none → on
/// ```
struct HistoryReport {
    let entries: [PrefsHistoryEntry]
    let labels: StoreKeyLabels

    /// The history as a table whose lines fit in `width`.
    func table(width: Int) -> String {
        let rows = entries.map { entry -> [String] in
            [entry.id == entries.first(where: { $0.group == entry.group })?.id ? "\(entry.group)" : "",
             Timestamp.iso8601(entry.at), entry.author, labels.label(for: entry.key),
             labels.change(entry) + (entry.undoes.map { "  (undo of #\($0))" } ?? "")]
        }
        var table = TextTable(header: ["#", "WHEN", "BY", "WHAT", "CHANGE"], rows: rows)
        table.cutFirst = [[3, 4]]
        return table.render(width: width)
    }

    func json() -> JSONValue {
        .array(entries.map { entry in
            var object: [String: JSONValue] = [
                "group": .int(Int(entry.group)), "key": .string(entry.key), "what": .string(labels.label(for: entry.key)),
                "old": Self.json(entry.oldValue), "new": Self.json(entry.newValue),
                "at": .string(Timestamp.iso8601(entry.at)), "by": .string(entry.author), "pid": .int(Int(entry.pid)),
            ]
            if let undone = entry.undoes { object["undoes"] = .int(Int(undone)) }
            return .object(object)
        })
    }

    private static func json(_ value: PrefValue?) -> JSONValue {
        switch value {
        case nil: .null
        case .bool(let flag)?: .bool(flag)
        case .int(let number)?: .int(number)
        case .string(let text)?: .string(text)
        }
    }
}
#endif
