/// Keys in the own-time prompt: the timer prompt's parser; an empty answer goes back to the pack's time.
func ownTimeKeyPressed(_ state: inout AppState, bookmarkID: Int, field: TextField, _ key: Key) -> [Effect] {
    var field = field
    switch key {
    case .escape:
        state.overlay = nil
    case .control("c"):
        return quitPressed(&state)
    case .enter:
        let ownTime: Duration?
        switch OwnTimeInput.read(field.text) {
        case .revert: ownTime = nil
        case .time(let duration): ownTime = duration
        case .invalid: return []
        }
        let before = state.saved
        state.bookmarks.change(id: bookmarkID) { $0.ownTime = ownTime }
        state.overlay = nil
        guard let bookmark = state.bookmarks.items.first(where: { $0.id == bookmarkID }) else { return [] }
        let name = state.catalog.name(of: bookmark)
        let what = ownTime.map { "\(name): your time \(DurationFormat.countdown($0))" }
            ?? "\(name): back to the pack's time" + (bookmark.effectiveTime(in: state.catalog).map { " " + DurationFormat.countdown($0) } ?? "")
        return state.changed(what, by: [.setOwnTime(id: bookmarkID, ownTime: ownTime?.nanoseconds)], before: before)
    default:
        if field.edit(key, limit: .prompt, &state) { state.overlay = .ownTime(bookmarkID: bookmarkID, text: field) }
    }
    return []
}

/// What the own-time prompt's text means: a time, or (when empty) the pack's time again.
public enum OwnTimeInput: Sendable, Equatable {
    case revert
    case time(Duration)
    case invalid(String)

    public static func read(_ text: String) -> OwnTimeInput {
        switch DurationInput.parse(text) {
        case .failure(.empty): .revert
        case .failure(let error): .invalid(error.description)
        case .success(let input) where !input.label.isEmpty: .invalid("just a time here, like 4:15")
        case .success(let input): .time(input.duration)
        }
    }
}
