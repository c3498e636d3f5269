#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
/// The detail pane (Enter or `i` on a row): drawn over the rows until Esc, scrolled by the
/// moving keys; Enter edits the selected feature variable, `x` removes its override, `y`
/// copies the id. The selection among the rows stays where it was.
extension ScreenModel {
    /// Lines of the pane on screen: the viewport less its title line.
    var detailRoom: Int { max(1, viewportHeight - 1) }

    /// Opens `pane` over the rows (the controller's answer to `.showDetail`).
    public mutating func showDetail(_ pane: DetailPane) {
        var pane = pane
        pane.jump(toEnd: false, room: detailRoom)
        changeBody { $0 = .detail(pane) }
    }

    /// Gives the open pane new lines (the store changed), keeping its scroll and selection.
    public mutating func refreshDetail(lines: [DetailPane.Line], title: String, editingRefusal: String?) {
        guard var pane = detailPane else { return }
        pane.title = title
        pane.editingRefusal = editingRefusal
        pane.replacingLines(with: lines, room: detailRoom)
        changeBody { $0 = .detail(pane) }
    }

    /// Closes the pane; the rows show again at the same row.
    public mutating func closeDetail() {
        changeBody { body in
            if case .detail = body { body = .rows }
        }
    }

    mutating func browseDetail(_ command: MenuKeyCommand) -> MenuAction? {
        guard case .detail(var pane) = mode else { return nil }
        let room = detailRoom
        switch command {
        case .moveUp: pane.moveSelection(by: -1, room: room)
        case .moveDown: pane.moveSelection(by: 1, room: room)
        case .scrollUp: pane.scroll(by: -3, room: room)
        case .scrollDown: pane.scroll(by: 3, room: room)
        case .pageUp: pane.scroll(by: -room, room: room)
        case .pageDown: pane.scroll(by: room, room: room)
        case .first: pane.jump(toEnd: false, room: room)
        case .last: pane.jump(toEnd: true, room: room)
        case .accept:
            return edit(pane.selectedVariable, refusal: pane.editingRefusal)
        case .removeOverride:
            guard let variable = pane.selectedVariable else {
                message = "Select a variable of the feature (\u{2191}/\u{2193}) to remove its feature override."
                return nil
            }
            if let refusal = pane.editingRefusal {
                message = "Not changed: " + refusal
                return nil
            }
            guard variable.isOverridden else {
                message = "\(variable.feature).\(variable.name) has no feature override."
                return nil
            }
            return .removeFeatureValue(feature: variable.feature, variable: variable.name)
        case .copyID:
            return .copy(text: pane.copyText)
        case .undo:
            return .undo
        case .cancel:
            mode = .rows
            return nil
        case .quit:
            return .quit
        default:
            return nil
        }
        mode = .detail(pane)
        return nil
    }

    /// Enter on a variable: a Boolean and an enum are stored at once (the other value, the next
    /// variant); any other type opens a prompt holding its current value.
    private mutating func edit(_ variable: DetailPane.Variable?, refusal: String?) -> MenuAction? {
        guard let variable else {
            message = "Select a variable of the feature (\u{2191}/\u{2193}) to edit it."
            return nil
        }
        if let refusal {
            message = "Not stored: " + refusal
            return nil
        }
        switch variable.editor {
        case .toggle(let isOn):
            return .setFeatureValue(feature: variable.feature, variable: variable.name, text: isOn ? "false" : "true")
        case .variants(let variants, let current):
            guard !variants.isEmpty else { return nil }
            let next = current.flatMap(variants.firstIndex).map { (variants.index(after: $0)) % variants.count } ?? 0
            return .setFeatureValue(feature: variable.feature, variable: variable.name, text: variants[next])
        case .text(let text), .json(let text):
            mode = .prompt(TextPrompt(purpose: .featureValue(feature: variable.feature, variable: variable.name, typeName: variable.typeName),
                                      text: text),
                           over: mode)
            return nil
        }
    }
}
#endif
