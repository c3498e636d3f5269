extension Duration {
    /// The duration in seconds as a `Double`, for APIs that take a time interval.
    ///
    /// ```swift
    /// Duration.milliseconds(250).inSeconds   // 0.25
    /// ```
    public var inSeconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
