#if canImport(Glibc)
import Glibc
#endif
import GridDocument

/// The fonts a pinned render may use, and the fontconfig rules that make them behave
/// (DESIGN.md §4, §9: DejaVu → Noto → Noto CJK → Noto Color Emoji).
///
/// The default stack is four kinds of Debian-packaged fonts, each from a fixed place:
/// - DejaVu (`fonts-dejavu-core`, /usr/share/fonts/truetype/dejavu): every family requested by
///   name resolves here first, so Latin, Greek, Cyrillic, Hebrew and basic Arabic look as before.
/// - Noto Sans for the scripts DejaVu lacks (`fonts-noto-core`, /usr/share/fonts/truetype/noto):
///   only the sans-serif, proportional, joined faces (`NotoSans*.ttf` without Mono, Display or
///   Unjoined). Serif, Kufi, Naskh, Nastaliq, Rashi and the looped Thai/Lao faces are left out
///   so that one script never changes style from one cell to the next.
/// - Noto Sans CJK (`fonts-noto-cjk`, /usr/share/fonts/opentype/noto): `NotoSansCJK-Regular.ttc`
///   and `-Bold.ttc`; their faces differ only in the glyph forms of Han characters, so a rule
///   picks the face by language: `ja` → JP, `ko` → KR, `zh-tw` → TC, `zh-hk` → HK, other `zh`
///   → SC. `StyledText` gives Han text the language of its cell (kana → Japanese, Hangul →
///   Korean with hanja in traditional forms, else Simplified Chinese), so Japanese does not get
///   Chinese forms.
/// - Noto Color Emoji (`fonts-noto-color-emoji`): a bitmap font with 109-pixel strikes. It is
///   usable only with fontconfig's bitmap-scaling rules (the system's 10-scale-bitmap-fonts.conf,
///   repeated here), without which an emoji is drawn at its strike's size, ten times too big.
///
/// A stack directory that is not installed is skipped; characters no font has are reported
/// (`MissingGlyphs`). `--font-dir` replaces the stack with exactly the directories given (every
/// font in them), under the same rules.
enum FontStack {
    static let dejaVuDirectory = "/usr/share/fonts/truetype/dejavu"
    static let notoDirectory = "/usr/share/fonts/truetype/noto"
    static let notoCJKDirectory = "/usr/share/fonts/opentype/noto"
    /// The family Pango's "emoji" requests resolve to.
    static let emojiFamily = "Noto Color Emoji"

    /// The default stack's directories, in order.
    static let defaultDirectories = [dejaVuDirectory, notoDirectory, notoCJKDirectory]

    /// Whether the default stack uses `file` of `directory` (a file name, no path).
    static func accepts(_ file: String, in directory: String) -> Bool {
        switch directory {
        case notoDirectory:
            if file == "NotoColorEmoji.ttf" { return true }
            guard file.hasPrefix("NotoSans"), file.hasSuffix(".ttf") else { return false }
            return !file.hasPrefix("NotoSansMono") && !file.hasPrefix("NotoSansDisplay") && !file.contains("Unjoined")
        case notoCJKDirectory:
            return file == "NotoSansCJK-Regular.ttc" || file == "NotoSansCJK-Bold.ttc"
        default:
            return true
        }
    }

    /// The regular files of `directory`, sorted by name; nil when it cannot be listed.
    static func files(in directory: String) -> [String]? {
        PathBytes.entries(of: directory)?.map(\.name).sorted()
    }

    /// The fontconfig configuration text for a stack: the system cache directory, the files of
    /// the default stack's directories it leaves out (`rejected`), and the rules.
    static func configuration(rejecting rejected: [String]) -> String {
        var xml = "<?xml version=\"1.0\"?>\n<fontconfig>\n"
        // Read the system's font cache (fc-cache fills it when fonts are installed) instead of
        // rescanning the fonts and complaining that a private configuration has nowhere to
        // write a cache. A cache only speeds scanning; the fonts found are the same. A user who
        // cannot write the system's cache (the portable archive run by anyone but root) gets one
        // of their own (~/.cache/fontconfig) instead of "No writable cache directories".
        xml += "<cachedir>/var/cache/fontconfig</cachedir>\n"
        xml += "<cachedir prefix=\"xdg\">fontconfig</cachedir>\n"
        if !rejected.isEmpty {
            xml += "<selectfont><rejectfont>\n"
            for path in rejected { xml += "<glob>\(XMLText.escaped(path))</glob>\n" }
            xml += "</rejectfont></selectfont>\n"
        }
        xml += rules
        xml += "</fontconfig>\n"
        return xml
    }

    /// Emoji, Han glyph forms by language, and bitmap scaling (from fontconfig's 10-scale-bitmap-fonts.conf:
    /// a bitmap font's pixel size is scaled to the requested one by its matrix).
    private static let rules = {
        let cjk: [(lang: String, family: String)] = [
            ("ja", "Noto Sans CJK JP"), ("ko", "Noto Sans CJK KR"), ("zh-tw", "Noto Sans CJK TC"),
            ("zh-hk", "Noto Sans CJK HK"), ("zh-mo", "Noto Sans CJK HK"), ("zh", "Noto Sans CJK SC"),
        ]
        // Pango asks for the family "emoji" for every emoji run (emoji presentation, U+FE0F,
        // keycaps, flags, skin tones); without this alias the run falls to DejaVu's monochrome
        // symbols where it has one (⚠, 👍) and sequences break apart.
        var xml = "<alias binding=\"same\"><family>emoji</family><prefer><family>\(emojiFamily)</family></prefer></alias>\n"
        for (lang, family) in cjk {
            // `zh` last and only when no other rule matched: `contains` compares language ranges.
            let exclude = lang == "zh"
                ? "<test qual=\"all\" name=\"family\" compare=\"not_contains\"><string>Noto Sans CJK</string></test>" : ""
            xml += """
            <match target="pattern"><test name="lang" compare="contains"><string>\(lang)</string></test>\(exclude)\
            <edit name="family" mode="append" binding="strong"><string>\(family)</string></edit></match>

            """
        }
        xml += """
        <match target="font"><test name="outline" compare="eq"><bool>false</bool></test>\
        <edit name="pixelsizefixupfactor" mode="assign"><divide><name target="pattern">pixelsize</name>\
        <name target="font">pixelsize</name></divide></edit></match>
        <match target="font"><test name="outline" compare="eq"><bool>false</bool></test>\
        <test name="pixelsizefixupfactor" compare="not_eq"><double>1.0</double></test>\
        <edit name="matrix" mode="assign"><times><name>matrix</name><matrix><name>pixelsizefixupfactor</name>\
        <double>0</double><double>0</double><name>pixelsizefixupfactor</name></matrix></times></edit>\
        <edit name="size" mode="assign"><divide><name>size</name><name>pixelsizefixupfactor</name></divide></edit></match>

        """
        return xml
    }()
}
