/// One axis after sizing and snapping: its tracks in content points, and its full extent.
struct AxisGeometry: Sendable, Hashable {
    var tracks: [Track]
    /// Leading margin + tracks + gaps + trailing margin, in points after snapping.
    var extent: Double
    /// The unrounded track sizes (item-mode row heights derive from the column widths).
    var unsnappedTracks: [Double]

    /// Snaps `sizes` to whole points and lays the segments end to end from 0 (DESIGN.md §3,
    /// step 6). Snapping never depends on the scale (revised rule): the scale only multiplies
    /// the snapped points, so an `@2x` layout is exactly twice the `@1x` one.
    init(_ sizes: AxisSizes, snapping: Snapping) {
        let segments = sizes.segments
        // Tracks sit at the odd indices; with no tracks the segments are just the two margins.
        let lastIndex = segments.count - 1
        let isTrack = { (index: Int) in index % 2 == 1 && index < lastIndex }
        let snapped = snapping == .none
            ? segments
            : PixelSnapper.snap(segments, isTrack: isTrack, mode: snapping)
        var tracks: [Track] = []
        tracks.reserveCapacity(sizes.tracks.count)
        var edge = 0.0
        for index in snapped.indices {
            if isTrack(index) {
                tracks.append(Track(offset: edge, size: snapped[index]))
            }
            edge += snapped[index]
        }
        self.tracks = tracks
        self.extent = edge
        self.unsnappedTracks = sizes.tracks
    }

    /// Snaps a single length or position (a container or viewport) the way edges snap: to
    /// the nearest whole point, halves up; unchanged with `snapping: none`.
    static func snapLength(_ length: Double, snapping: Snapping) -> Double {
        snapping == .none ? length : PixelSnapper.roundHalfUp(length)
    }
}
