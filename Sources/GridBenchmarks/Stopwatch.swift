/// Median-of-runs timing with the standard library's monotonic clock.
enum Stopwatch {
    /// Runs `body` `runs` times (after one warm-up run) and returns the median in milliseconds.
    static func medianMilliseconds(runs: Int, _ body: () -> Void) -> Double {
        body()
        let clock = ContinuousClock()
        var samples: [Double] = []
        samples.reserveCapacity(runs)
        for _ in 0..<runs {
            let elapsed = clock.measure(body)
            samples.append(Double(elapsed.components.seconds) * 1e3 + Double(elapsed.components.attoseconds) / 1e15)
        }
        samples.sort()
        return samples[samples.count / 2]
    }
}
