/// How the dashboard draws time, from the config file.
public struct DisplaySettings: Sendable, Equatable {
    /// Hidden centiseconds make a running stopwatch change once a second, so it redraws once a second.
    public var showCentiseconds = true
    /// The most frames a second a running centisecond display is redrawn.
    public var frameRateCap = 30

    public init(showCentiseconds: Bool = true, frameRateCap: Int = 30) {
        self.showCentiseconds = showCentiseconds
        self.frameRateCap = min(max(1, frameRateCap), 60)
    }

    /// A difference between laps as this display shows it.
    public func signedDelta(_ duration: Duration) -> String {
        DurationFormat.signedDelta(duration, centiseconds: showCentiseconds)
    }

    /// A stopwatch reading as this display shows it.
    public func stopwatch(_ duration: Duration) -> String {
        showCentiseconds ? DurationFormat.stopwatch(duration) : DurationFormat.stopwatchSeconds(duration)
    }
}
