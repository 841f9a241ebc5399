import Foundation
@testable import GridSnapshot

/// Images and folders built in code, so the tests need no fixture files.
enum TestImages {
    static let white = RGBA(255, 255, 255)
    static let black = RGBA(0, 0, 0)

    static func solid(_ width: Int, _ height: Int, _ color: RGBA = white) -> RGBAImage {
        RGBAImage(width: width, height: height, fill: color)
    }

    /// A 0…255 gradient, so neighbouring pixels differ (no accidental flat areas).
    static func gradient(_ width: Int, _ height: Int) -> RGBAImage {
        var image = RGBAImage(width: width, height: height)
        for y in 0 ..< height {
            for x in 0 ..< width {
                image[x, y] = RGBA(UInt8((x * 255) / max(1, width - 1)), UInt8((y * 255) / max(1, height - 1)), 128)
            }
        }
        return image
    }

    /// Black anti-aliased line segments of `thickness` px on white, rendered with 8×8
    /// supersampling per pixel: coverage is the share of samples closer than thickness/2 to the
    /// segment. `offset` shifts every segment by a sub-pixel amount.
    static func lines(_ width: Int, _ height: Int, segments: [(Double, Double, Double, Double)],
                      thickness: Double, offset: (Double, Double) = (0, 0)) -> RGBAImage {
        var image = RGBAImage(width: width, height: height, fill: white)
        let samples = 8
        let half = thickness / 2
        for y in 0 ..< height {
            for x in 0 ..< width {
                // Pixels whose centre is far from every segment are blank: skip the sampling.
                let near = segments.contains { s in
                    distance(Double(x) + 0.5, Double(y) + 0.5, s.0 + offset.0, s.1 + offset.1,
                             s.2 + offset.0, s.3 + offset.1) < half + 1
                }
                if !near { continue }
                var covered = 0
                for sy in 0 ..< samples {
                    for sx in 0 ..< samples {
                        let px = Double(x) + (Double(sx) + 0.5) / Double(samples)
                        let py = Double(y) + (Double(sy) + 0.5) / Double(samples)
                        for (x0, y0, x1, y1) in segments
                        where distance(px, py, x0 + offset.0, y0 + offset.1, x1 + offset.0, y1 + offset.1) < half {
                            covered += 1
                            break
                        }
                    }
                }
                if covered > 0 {
                    let value = UInt8((255 * (samples * samples - covered) + (samples * samples) / 2) / (samples * samples))
                    image[x, y] = RGBA(value, value, value)
                }
            }
        }
        return image
    }

    private static func distance(_ px: Double, _ py: Double, _ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> Double {
        let dx = x1 - x0, dy = y1 - y0
        let t = max(0, min(1, ((px - x0) * dx + (py - y0) * dy) / (dx * dx + dy * dy)))
        let cx = x0 + t * dx, cy = y0 + t * dy
        return ((px - cx) * (px - cx) + (py - cy) * (py - cy)).squareRoot()
    }
}

/// A fresh directory under the system temporary folder, removed by `remove()`.
struct TemporaryDirectory {
    let path: String

    init() {
        path = NSTemporaryDirectory() + "gridsnapshot-tests-\(getpid())-\(UUID().uuidString)"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    func file(_ name: String) -> String { path + "/" + name }

    func remove() { try? FileManager.default.removeItem(atPath: path) }
}
