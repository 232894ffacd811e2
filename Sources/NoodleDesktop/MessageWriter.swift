import CDBus

/// Appends arguments to an outgoing message. libdbus can only fail here by running out of
/// memory (text is checked first), so failures are gathered into `ok` and checked once.
struct MessageWriter {
    /// A dictionary value in a{sv}: the only variant types noodle sends.
    enum Variant {
        case byte(UInt8)
        case string(String)
    }

    private(set) var ok = true
    private var iterator = DBusMessageIter()

    init(_ message: OpaquePointer) {
        dbus_message_iter_init_append(message, &iterator)
    }

    mutating func append(_ text: String, keepingNewlines: Bool = false) {
        ok = ok && Self.append(text, keepingNewlines: keepingNewlines, to: &iterator)
    }

    mutating func append(_ value: UInt32) {
        var value = value
        ok = ok && dbus_message_iter_append_basic(&iterator, noodle_dbus_type_uint32, &value) != 0
    }

    mutating func append(_ value: Int32) {
        var value = value
        ok = ok && dbus_message_iter_append_basic(&iterator, noodle_dbus_type_int32, &value) != 0
    }

    mutating func append(strings: [String]) {
        guard ok else { return }
        var array = DBusMessageIter()
        guard dbus_message_iter_open_container(&iterator, noodle_dbus_type_array, "s", &array) != 0 else { return ok = false }
        for text in strings where ok {
            ok = Self.append(text, to: &array)
        }
        ok = dbus_message_iter_close_container(&iterator, &array) != 0 && ok
    }

    /// An a{sv} dictionary, in the order given.
    mutating func append(dictionary: [(key: String, value: Variant)]) {
        guard ok else { return }
        var array = DBusMessageIter()
        guard dbus_message_iter_open_container(&iterator, noodle_dbus_type_array, "{sv}", &array) != 0 else { return ok = false }
        for (key, value) in dictionary where ok {
            var entry = DBusMessageIter()
            guard dbus_message_iter_open_container(&array, noodle_dbus_type_dict_entry, nil, &entry) != 0 else { ok = false; break }
            ok = Self.append(key, to: &entry) && Self.append(value, to: &entry)
            ok = dbus_message_iter_close_container(&array, &entry) != 0 && ok
        }
        ok = dbus_message_iter_close_container(&iterator, &array) != 0 && ok
    }

    private static func append(_ value: Variant, to iterator: inout DBusMessageIter) -> Bool {
        var variant = DBusMessageIter()
        let signature = switch value { case .byte: "y"; case .string: "s" }
        guard dbus_message_iter_open_container(&iterator, noodle_dbus_type_variant, signature, &variant) != 0 else { return false }
        var ok: Bool
        switch value {
        case var .byte(byte): ok = dbus_message_iter_append_basic(&variant, noodle_dbus_type_byte, &byte) != 0
        case let .string(text): ok = append(text, to: &variant)
        }
        ok = dbus_message_iter_close_container(&iterator, &variant) != 0 && ok
        return ok
    }

    private static func append(_ text: String, keepingNewlines: Bool = false, to iterator: inout DBusMessageIter) -> Bool {
        BusText.withCheckedCString(text, keepingNewlines: keepingNewlines) { checked in
            var pointer: UnsafePointer<CChar>? = checked
            return dbus_message_iter_append_basic(&iterator, noodle_dbus_type_string, &pointer) != 0
        }
    }
}
