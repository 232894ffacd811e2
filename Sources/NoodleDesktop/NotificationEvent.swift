extension DesktopNotifications {
    /// What happened on the bus since the last `takeEvents()`, in the order it happened.
    public enum Event: Equatable, Sendable {
        /// The server answered `notify`'s request with the notification's id.
        case shown(request: Int, notificationID: UInt32)
        /// The request was refused or could not be delivered (no server, bus gone, out of memory).
        case failed(request: Int, reason: String)
        /// Someone pressed a button (or, with the key "default", the notification itself).
        case actionInvoked(notificationID: UInt32, actionKey: String)
        /// Reasons per the specification: 1 expired, 2 dismissed by the user, 3 closed by `close`, 4 other.
        case closed(notificationID: UInt32, reason: UInt32)
        /// The session bus went away; nothing more will arrive, and `fileDescriptor` is -1 from now on.
        case disconnected
    }
}
