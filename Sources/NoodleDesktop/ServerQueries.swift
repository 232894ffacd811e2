import CDBus

/// Questions `noodle doctor` asks the server. Unlike everything else here they wait for the
/// answer, at most `timeout`: a doctor run can afford that, the dashboard's loop cannot.
/// Signals that arrive meanwhile stay queued; see `hasQueuedEvents`.
extension DesktopNotifications {
    /// What the server can do, such as "actions", "body", "persistence", "sound"; nil without an answer in time.
    public func capabilities(timeout: Duration = .milliseconds(500)) -> [String]? {
        guard let reply = callAndWait("GetCapabilities", timeout: timeout) else { return nil }
        defer { dbus_message_unref(reply) }
        var arguments = MessageArguments(reply)
        return arguments.strings()
    }

    /// Which server this is; nil without an answer in time.
    public func serverInformation(timeout: Duration = .milliseconds(500)) -> (name: String, vendor: String, version: String, specVersion: String)? {
        guard let reply = callAndWait("GetServerInformation", timeout: timeout) else { return nil }
        defer { dbus_message_unref(reply) }
        var arguments = MessageArguments(reply)
        guard let name = arguments.string(), let vendor = arguments.string(), let version = arguments.string(),
              let specVersion = arguments.string() else { return nil }
        return (name, vendor, version, specVersion)
    }
}
