import CNcurses
import NoodleCore

/// Turns what curses reports into the core's keys: part of the terminal type, the one owner of curses.
extension Terminal {
    static func character(_ value: UInt32) -> Key? {
        switch value {
        case 9: return .tab
        case 10, 13: return .enter
        case 27: return .escape
        case 8, 127: return .backspace
        case 1 ... 26: return .control(Character(Unicode.Scalar(value + 96)!))
        case 0 ..< 32: return nil
        default: return Unicode.Scalar(value).map { .character(Character($0)) }
        }
    }

    static func functionKey(_ code: Int32) -> Key? {
        switch code {
        case KEY_UP: return .up
        case KEY_DOWN: return .down
        case KEY_LEFT: return .left
        case KEY_RIGHT: return .right
        case KEY_SR: return .shiftUp
        case KEY_SF: return .shiftDown
        case KEY_BTAB: return .backTab
        case KEY_BACKSPACE: return .backspace
        case KEY_DC: return .delete
        case KEY_HOME: return .home
        case KEY_END: return .end
        case KEY_PPAGE: return .pageUp
        case KEY_NPAGE: return .pageDown
        case KEY_ENTER: return .enter
        case noodle_key_f(1) ... noodle_key_f(12): return .function(Int(code - noodle_key_f(0)))
        default: return extendedKey(code)
        }
    }

    /// Shifted arrows arrive as codes curses numbers at run time; their terminfo names are stable.
    private static func extendedKey(_ code: Int32) -> Key? {
        guard let name = keyname(code).map({ String(cString: $0) }) else { return nil }
        switch name {
        case "kUP", "kUP2": return .shiftUp
        case "kDN", "kDN2": return .shiftDown
        default: return nil
        }
    }
}
