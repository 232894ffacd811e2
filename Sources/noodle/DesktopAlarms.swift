import NoodleCore
import NoodleDesktop

/// The dashboard's alarms on the desktop: one notification per ringing countdown, with its
/// buttons, replaced as it rings on and closed when its alarm ends, whoever ended it. Clicks come
/// back as answers for `update`.
final class DesktopAlarms {
    private let client: DesktopNotifications
    /// The notification showing each countdown, once the server has numbered it.
    private var shown: [Int: UInt32] = [:]
    /// Notify requests not yet answered, and the countdown each is about.
    private var requested: [Int: Int] = [:]
    /// Countdowns whose alarm ended before the server numbered their notification.
    private var closeOnceShown: Set<Int> = []
    private var problemSaid = false

    /// Nil without a session bus to reach: notifications then go by the terminal alone.
    init?(environment: [String: String]) {
        guard let client = try? DesktopNotifications.connect(environment: environment) else { return nil }
        self.client = client
    }

    var fileDescriptor: Int32 { client.fileDescriptor }
    var hasQueuedEvents: Bool { client.hasQueuedEvents }

    func show(_ notice: AlarmNotice) {
        let urgent = notice.kind != .warning
        var notification = DesktopNotifications.Notification(
            summary: notice.title, body: notice.body,
            actions: notice.answers.map { (key: $0.rawValue, label: notice.label(for: $0)) },
            urgency: urgent ? .critical : .normal,
            category: urgent ? "x-noodle.alarm" : "x-noodle.warning",
            icon: "alarm-symbolic"
        )
        if let id = shown[notice.countdownID] { notification.replacesID = id }
        requested[client.notify(notification)] = notice.countdownID
    }

    /// Takes down the notifications of countdowns that no longer ring.
    func close(countdownIDs: [Int]) {
        for countdown in countdownIDs {
            if let id = shown.removeValue(forKey: countdown) {
                client.close(notificationID: id)
            } else if requested.values.contains(countdown) {
                closeOnceShown.insert(countdown)
            }
        }
    }

    /// What the server said since the last call: the buttons pressed, and a problem to say once.
    func takeEvents() -> (answers: [(countdownID: Int, answer: NoticeAnswer)], problem: String?) {
        var answers: [(Int, NoticeAnswer)] = []
        var problem: String?
        for event in client.takeEvents() {
            switch event {
            case .shown(let request, let id):
                guard let countdown = requested.removeValue(forKey: request) else { continue }
                if closeOnceShown.remove(countdown) != nil {
                    client.close(notificationID: id)
                } else {
                    shown[countdown] = id
                }
            case .failed(let request, let reason):
                requested[request] = nil
                if !problemSaid { problem = "No desktop notification: \(reason)" }
                problemSaid = true
            case .actionInvoked(let id, let key):
                guard let countdown = shown.first(where: { $0.value == id })?.key, let answer = NoticeAnswer(rawValue: key) else { continue }
                answers.append((countdown, answer))
            case .closed(let id, _):
                // Dismissed by the person (or expired): the alarm rings on, and a repeat shows a new one.
                if let countdown = shown.first(where: { $0.value == id })?.key { shown[countdown] = nil }
            case .disconnected:
                if !problemSaid { problem = "No desktop notification: the session bus went away" }
                problemSaid = true
            }
        }
        return (answers, problem)
    }

    /// The store numbered countdowns made here: their notifications follow the new ids.
    func rename(_ ids: [Int: Int]) {
        for (local, stored) in ids {
            if let id = shown.removeValue(forKey: local) { shown[stored] = id }
            for (request, countdown) in requested where countdown == local { requested[request] = stored }
        }
    }
}
