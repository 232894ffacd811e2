extension DesktopNotifications {
    /// Why there is no connection; a value to show or log, since a dashboard goes on without one.
    public enum ConnectionError: Error, Equatable, CustomStringConvertible {
        /// DBUS_SESSION_BUS_ADDRESS is unset or empty: no desktop session to talk to.
        case noSessionBus
        /// The address could not be opened: a bad address, a dead socket, a failed handshake.
        case unreachable(address: String, reason: String)
        /// The bus took the connection but would not register it (or did not answer in time).
        case notRegistered(reason: String)

        public var description: String {
            switch self {
            case .noSessionBus: "no session bus: DBUS_SESSION_BUS_ADDRESS is not set"
            case let .unreachable(address, reason): "cannot reach the session bus at \(address): \(reason)"
            case let .notRegistered(reason): "the session bus did not register noodle: \(reason)"
            }
        }
    }
}
