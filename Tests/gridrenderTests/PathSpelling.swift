import Foundation

/// The ways a test of the output plan spells one file: as written, through `./`, through
/// `sub/../`, through a symbolic link to its folder (`link/`), and by a hard link (`hl/<name>`).
/// The test's folder holds `sub/`, `hl/` and `link` → `.`.
enum PathSpelling: String, CaseIterable, Sendable {
    case plain, dot, parent, symlink, hardlink

    /// `target` spelled as `spelling`; a hard link is made beside it first.
    static func spell(_ target: String, _ spelling: PathSpelling, in dir: String) throws -> String {
        switch spelling {
        case .plain: return target
        case .dot: return "./" + target
        case .parent: return "sub/../" + target
        case .symlink: return "link/" + target
        case .hardlink:
            let name = "hl/" + (target as NSString).lastPathComponent
            try FileManager.default.linkItem(atPath: dir + "/" + target, toPath: dir + "/" + name)
            return name
        }
    }
}
