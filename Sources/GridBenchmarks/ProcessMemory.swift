import Foundation

/// Resident-memory figures from /proc/self/status (Linux), in mebibytes.
enum ProcessMemory {
    /// Peak resident set size (VmHWM).
    static var peakMiB: Double { value("VmHWM") }
    /// Current resident set size (VmRSS).
    static var currentMiB: Double { value("VmRSS") }

    private static func value(_ key: String) -> Double {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return .nan }
        for line in status.split(separator: "\n") where line.hasPrefix(key + ":") {
            let digits = line.split(separator: " ").compactMap { Double($0) }
            if let kib = digits.first { return kib / 1024 }
        }
        return .nan
    }
}
