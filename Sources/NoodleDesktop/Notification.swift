extension DesktopNotifications {
    /// One desktop notification as the freedesktop specification describes it. Nested so that
    /// it never collides with Foundation's `Notification` in a file importing both.
    public struct Notification: Sendable {
        public enum Urgency: UInt8, Sendable {
            case low = 0, normal = 1, critical = 2
        }

        public var summary: String
        public var body: String
        /// Buttons in the order shown: the key comes back in `.actionInvoked`, the label is what people read.
        public var actions: [(key: String, label: String)]
        public var urgency: Urgency
        /// A hint servers use to group or style notifications, such as "x-noodle.alarm".
        public var category: String?
        /// A freedesktop sound theme name, such as "alarm-clock-elapsed", for servers that play sounds.
        public var soundName: String?
        /// An icon name or file URI; "" for none.
        public var icon: String
        /// The id of a notification this one takes the place of, or 0 for a new one.
        public var replacesID: UInt32
        /// Milliseconds until the server hides it; 0 never, -1 the server's own choice.
        public var expireTimeout: Int32

        /// A critical notification stays up (timeout 0) until someone deals with it; others take the server's default.
        public init(summary: String, body: String = "", actions: [(key: String, label: String)] = [], urgency: Urgency = .normal,
                    category: String? = nil, soundName: String? = nil, icon: String = "", replacesID: UInt32 = 0,
                    expireTimeout: Int32? = nil) {
            self.summary = summary
            self.body = body
            self.actions = actions
            self.urgency = urgency
            self.category = category
            self.soundName = soundName
            self.icon = icon
            self.replacesID = replacesID
            self.expireTimeout = expireTimeout ?? (urgency == .critical ? 0 : -1)
        }
    }
}
