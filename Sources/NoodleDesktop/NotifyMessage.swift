import CDBus

/// The Notify method call for one notification, per the freedesktop notification specification:
/// Notify(app_name, replaces_id, app_icon, summary, body, actions, hints, expire_timeout).
enum NotifyMessage {
    static let appName = "noodle"

    /// nil only when libdbus runs out of memory.
    static func make(_ notification: DesktopNotifications.Notification) -> OpaquePointer? {
        guard let message = dbus_message_new_method_call(
            DesktopNotifications.serverName, DesktopNotifications.serverPath, DesktopNotifications.serverInterface, "Notify"
        ) else { return nil }
        var writer = MessageWriter(message)
        writer.append(appName)
        writer.append(notification.replacesID)
        writer.append(notification.icon)
        writer.append(notification.summary)
        writer.append(notification.body, keepingNewlines: true)
        writer.append(strings: notification.actions.flatMap { [$0.key, $0.label] })
        writer.append(dictionary: hints(notification))
        writer.append(notification.expireTimeout)
        guard writer.ok else {
            dbus_message_unref(message)
            return nil
        }
        return message
    }

    /// The specification types urgency as a byte; a server that checks types ignores any other integer.
    static func hints(_ notification: DesktopNotifications.Notification) -> [(key: String, value: MessageWriter.Variant)] {
        var hints: [(key: String, value: MessageWriter.Variant)] = [("urgency", .byte(notification.urgency.rawValue))]
        if let category = notification.category { hints.append(("category", .string(category))) }
        if let sound = notification.soundName { hints.append(("sound-name", .string(sound))) }
        hints.append(("desktop-entry", .string(appName)))
        return hints
    }
}
