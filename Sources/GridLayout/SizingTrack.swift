/// One track as the axis sizer sees it (DESIGN.md §3, step 1): plain, sanitized numbers.
///
/// `TrackSize` is the document's vocabulary; this is the algorithm's. Keeping the two apart
/// lets `AxisSizer` be a pure function over plain data that tests can drive directly.
struct SizingTrack: Sendable, Hashable {
    enum Role: Sendable, Hashable {
        /// A fixed length (`value`).
        case fixed
        /// A fraction (`value`) of the container length.
        case fraction
        /// The largest content size in the track (`value`, measured by the caller).
        case auto
        /// A share of the free space by weight (`value`).
        case fill
    }

    var role: Role
    /// fixed: the length; fraction: p; auto: the content size; fill: the weight.
    var value: Double
    var min: Double
    /// `.infinity` when the track sets no max; never below `min`.
    var max: Double

    init(role: Role, value: Double, min: Double = 0, max: Double = .infinity) {
        self.role = role
        self.value = role == .fill ? value.sanitizedWeight : value.sanitizedLength
        let lo = min.sanitizedLength
        self.min = lo
        self.max = max == .infinity ? .infinity : Swift.max(max.sanitizedLength, lo)
    }

    /// Resolves a document track size. `defaultMin` is `minimumColumnWidth`/`minimumRowHeight`,
    /// the min of every track that sets none. `adaptive` outside item-mode column counting
    /// behaves as `fill(1)` with its min and max.
    init(_ size: TrackSize, defaultMin: Double?, content: Double = 0) {
        let minimum = size.min ?? defaultMin ?? 0
        let maximum = size.max ?? .infinity
        switch size.kind {
        case .fixed(let length): self.init(role: .fixed, value: length, min: minimum, max: maximum)
        case .fraction(let p): self.init(role: .fraction, value: p, min: minimum, max: maximum)
        case .auto: self.init(role: .auto, value: content, min: minimum, max: maximum)
        case .fill(let weight): self.init(role: .fill, value: weight, min: minimum, max: maximum)
        case .adaptive: self.init(role: .fill, value: 1, min: minimum, max: maximum)
        }
    }

    /// `x` clamped to this track's [min, max]; `min` wins when they conflict.
    func clamp(_ x: Double) -> Double { Swift.max(Swift.min(x, max), min) }
}

extension TrackSize {
    /// True for `.auto` tracks, whose base is measured content.
    var isAuto: Bool { if case .auto = kind { return true } else { return false } }
}
