#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
/// The history view (`H`): shown over the rows until Esc, scrolled by the moving keys.
extension ScreenModel {
    /// Opens the store's history over the rows (the controller's answer to `.showHistory`).
    public mutating func showHistory(_ view: HistoryView) {
        changeBody { $0 = .history(view) }
    }

    mutating func browseHistory(_ command: MenuKeyCommand) -> MenuAction? {
        guard case .history(var view) = mode else { return nil }
        // The view's first line is its title.
        let room = max(1, viewportHeight - 1)
        switch command {
        case .moveUp: view.scroll(by: -1, room: room)
        case .moveDown: view.scroll(by: 1, room: room)
        case .pageUp: view.scroll(by: -room, room: room)
        case .pageDown: view.scroll(by: room, room: room)
        case .first: view.jump(toEnd: false, room: room)
        case .last: view.jump(toEnd: true, room: room)
        case .cancel:
            mode = .rows
            return nil
        case .quit:
            return .quit
        default:
            return nil
        }
        mode = .history(view)
        return nil
    }
}
#endif
