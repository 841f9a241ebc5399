import Foundation
import GridDocument
import GridDrawing

/// `render --watch`: waits until one of the watched files changes, by polling (no inotify, so
/// it works the same on network and container file systems). A file is seen as changed when its
/// size, modification time or inode (an editor's save-by-rename) differ, or it appears or goes;
/// a change is acted on once the files have stayed the same for one more poll (debounce), so a
/// file written in several steps is rendered once, complete.
struct InputWatcher {
    var paths: [String]
    /// Between polls; `GRIDRENDER_WATCH_INTERVAL_MS` sets it (tests).
    var interval: TimeInterval = Self.defaultInterval

    static var defaultInterval: TimeInterval {
        getenv("GRIDRENDER_WATCH_INTERVAL_MS").flatMap { Double(String(cString: $0)) }.map { max(10, $0) / 1000 } ?? 0.25
    }

    /// One file's identity and size as `stat` sees it; nil when it cannot be seen.
    struct Stamp: Hashable {
        var size: Int64
        var seconds: Int
        var nanoseconds: Int
        var inode: UInt64
    }

    static func stamps(_ paths: [String]) -> [Stamp?] {
        paths.map { path in
            var st = stat()
            guard PathBytes.withCString(path, { stat($0, &st) }) == 0 else { return nil }
            return Stamp(size: Int64(st.st_size), seconds: st.st_mtim.tv_sec, nanoseconds: st.st_mtim.tv_nsec, inode: UInt64(st.st_ino))
        }
    }

    /// Returns once a watched file has changed and then held still for one poll.
    func waitForChange() {
        let start = Self.stamps(paths)
        var last = start
        while true {
            Thread.sleep(forTimeInterval: interval)
            let now = Self.stamps(paths)
            if now != start && now == last { return }
            last = now
        }
    }

    /// While watching, Ctrl-C (or SIGTERM, SIGHUP) ends the process with status 0 after removing
    /// any temporary file a render in progress had (the files already written stay).
    static func stopCleanlyOnSignals() {
        for sig in [SIGINT, SIGTERM, SIGHUP] {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { _ in
                TemporaryFiles.removeAllNow()
                _exit(0)
            }
            sigemptyset(&action.sa_mask)
            for other in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&action.sa_mask, other) }
            action.sa_flags = 0
            sigaction(sig, &action, nil)
        }
    }
}
