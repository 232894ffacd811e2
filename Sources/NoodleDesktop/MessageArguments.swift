import CDBus

/// Reads a received message's arguments in order. Each read checks the type first: libdbus
/// treats reading the wrong type as a programming error, and a server may send anything.
struct MessageArguments {
    private var iterator = DBusMessageIter()
    private var atEnd: Bool

    init(_ message: OpaquePointer) {
        atEnd = dbus_message_iter_init(message, &iterator) == 0
    }

    mutating func uint32() -> UInt32? {
        guard next(is: noodle_dbus_type_uint32) else { return nil }
        var value: UInt32 = 0
        dbus_message_iter_get_basic(&iterator, &value)
        advance()
        return value
    }

    mutating func string() -> String? {
        guard next(is: noodle_dbus_type_string) else { return nil }
        var pointer: UnsafePointer<CChar>?
        dbus_message_iter_get_basic(&iterator, &pointer)
        advance()
        return pointer.map { String(cString: $0) }
    }

    mutating func strings() -> [String]? {
        guard next(is: noodle_dbus_type_array), dbus_message_iter_get_element_type(&iterator) == noodle_dbus_type_string else { return nil }
        var element = DBusMessageIter()
        dbus_message_iter_recurse(&iterator, &element)
        var strings: [String] = []
        while dbus_message_iter_get_arg_type(&element) == noodle_dbus_type_string {
            var pointer: UnsafePointer<CChar>?
            dbus_message_iter_get_basic(&element, &pointer)
            if let pointer { strings.append(String(cString: pointer)) }
            dbus_message_iter_next(&element)
        }
        advance()
        return strings
    }

    private mutating func next(is type: Int32) -> Bool {
        !atEnd && dbus_message_iter_get_arg_type(&iterator) == type
    }

    private mutating func advance() {
        atEnd = dbus_message_iter_next(&iterator) == 0
    }
}
