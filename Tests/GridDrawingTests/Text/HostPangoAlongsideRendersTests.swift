import CCairo
import CPangoCairo
import Foundation
import GridDocument
import Testing
@testable import GridDrawing

/// A host program's own Pango text beside the library's renders, in one process. The host's
/// font maps have no fontconfig configuration of their own (a GTK program's, a thread's
/// `pango_cairo_font_map_get_default()`): they use fontconfig's current configuration, which the
/// library must leave as it is. Until 2026-11-27 the first render replaced it with an empty one,
/// and from then on the host's runs had no font with a Cairo scaled font (seen first as the PDF
/// font tests' `ShapedLine` failing only when other suites had rendered before it).
@Suite struct HostPangoAlongsideRendersTests {
    struct Sample: Sendable {
        var font: String
        var text: String
        /// The family every run's font must have.
        var family: String
    }

    /// Scripts whose fonts are separate files (so each host font map opens several faces).
    static let samples = [
        Sample(font: "DejaVu Sans 14", text: "Revenue ffi 4,067.0 Ωmega", family: "DejaVu Sans"),
        Sample(font: "Noto Sans Arabic 12", text: "مرحبا بالعالم", family: "Noto Sans Arabic"),
        Sample(font: "Noto Sans Devanagari 16", text: "क्षत्रिय हिन्दी", family: "Noto Sans Devanagari"),
        Sample(font: "Noto Sans CJK SC 11", text: "漢字表格数据统计", family: "Noto Sans CJK SC"),
    ]

    /// How `sample` came out of `fontMap`: one line per defect (a run without a font, without a
    /// Cairo scaled font or with one in error, of another family, a glyph the font lacks), and the
    /// number of runs.
    static func problems(shaping sample: Sample, with fontMap: UnsafeMutablePointer<PangoFontMap>) -> (problems: [String], runs: Int) {
        let context = pango_font_map_create_context(fontMap)!
        defer { g_object_unref(UnsafeMutableRawPointer(context)) }
        pango_cairo_context_set_resolution(context, 72)
        let layout = pango_layout_new(context)!
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        let description = pango_font_description_from_string(sample.font)
        defer { pango_font_description_free(description) }
        pango_layout_set_font_description(layout, description)
        pango_layout_set_text(layout, sample.text, -1)
        let iter = pango_layout_get_iter(layout)!
        defer { pango_layout_iter_free(iter) }
        var problems: [String] = [], runs = 0
        repeat {
            guard let run = pango_layout_iter_get_run_readonly(iter) else { continue }
            runs += 1
            let glyphs = run.pointee.glyphs.pointee
            guard let font = run.pointee.item.pointee.analysis.font else {
                problems.append("\(sample.font): a run without a font")
                continue
            }
            let described = pango_font_describe(font)
            defer { pango_font_description_free(described) }
            let family = pango_font_description_get_family(described).map { String(cString: $0) } ?? "?"
            if family != sample.family { problems.append("\(sample.font): a run in \(family)") }
            guard let scaled = pango_cairo_font_get_scaled_font(OpaquePointer(font)) else {
                problems.append("\(sample.font): a run's font (\(family)) has no Cairo scaled font")
                continue
            }
            let status = cairo_scaled_font_status(scaled)
            if status != CAIRO_STATUS_SUCCESS {
                problems.append("\(sample.font): scaled font status \(String(cString: cairo_status_to_string(status)))")
            }
            for i in 0..<Int(glyphs.num_glyphs) where glyphs.glyphs[i].glyph & PANGO_GLYPH_UNKNOWN_FLAG != 0 {
                problems.append("\(sample.font): glyph \(i) missing from \(family)")
            }
        } while pango_layout_iter_next_run(iter) != 0
        return (problems, runs)
    }

    /// How many fonts fontconfig's current configuration lists (the system's).
    static var currentConfigurationFonts: Int32 { FcConfigGetFonts(nil, FcSetSystem)?.pointee.nfont ?? 0 }

    /// A render in each format leaves fontconfig's current configuration with the system's
    /// fonts, and a host's font map made afterwards finds every sample's family.
    @Test(arguments: [OutputFormat.png, .svg, .pdf])
    func hostFontMapFindsItsFontsAfterARender(format: OutputFormat) throws {
        let before = Self.currentConfigurationFonts
        #expect(before > 0)
        _ = try GridRenderer.render(makeTable(text([["Name", "Value"], ["Ωmega", "4,067.0"]])), format: format)
        #expect(Self.currentConfigurationFonts == before)
        let fontMap = pango_cairo_font_map_new()!
        defer { g_object_unref(UnsafeMutableRawPointer(fontMap)) }
        for sample in Self.samples {
            let shaped = Self.problems(shaping: sample, with: fontMap)
            #expect(shaped.runs > 0 && shaped.problems.isEmpty, "\(shaped.problems)")
        }
    }

    /// The stress: host threads shape every sample over and over, with their thread's default
    /// font map and with font maps made and dropped each time, on threads that come and go (each
    /// takes its default font map down when it ends), while other threads render the documents of
    /// `ConcurrentRenderTests` as PNG and PDF through the library. Every run of every line has its
    /// family's font with a working Cairo scaled font.
    @Test func hostThreadsShapeWhileTheLibraryRenders() throws {
        let grids = Array(try ConcurrentRenderTests.documents().prefix(8))
        let found = Findings()
        let group = DispatchGroup()
        let lanes = 3
        found.rendering(lanes)
        for lane in 0..<lanes {
            group.enter()
            Thread {
                defer { found.rendering(-1); group.leave() }
                for (index, grid) in grids.enumerated() where index % lanes == lane {
                    for format in [OutputFormat.png, .pdf] {
                        do { _ = try GridRenderer.render(grid, format: format) } catch { found.add(["render \(index) \(format): \(error)"], runs: 0) }
                    }
                }
            }.start()
        }
        for host in 0..<3 {
            group.enter()
            Thread {
                defer { group.leave() }
                var rounds = 0
                // At least 4 rounds per host thread, and on until the renders end.
                while rounds < 4 || found.isRendering {
                    let threadMap = pango_cairo_font_map_get_default()!
                    let ownMap = pango_cairo_font_map_new()!
                    for sample in Self.samples {
                        let map = rounds % 2 == host % 2 ? threadMap : ownMap
                        let shaped = Self.problems(shaping: sample, with: map)
                        found.add(shaped.problems, runs: shaped.runs)
                    }
                    g_object_unref(UnsafeMutableRawPointer(ownMap))
                    rounds += 1
                    // A short-lived thread with a default font map of its own, gone at its end.
                    let done = DispatchSemaphore(value: 0)
                    let sample = Self.samples[rounds % Self.samples.count]
                    Thread {
                        let shaped = Self.problems(shaping: sample, with: pango_cairo_font_map_get_default()!)
                        found.add(shaped.problems, runs: shaped.runs)
                        done.signal()
                    }.start()
                    done.wait()
                }
            }.start()
        }
        group.wait()
        let (problems, runs) = found.values
        #expect(runs >= 3 * 4 * (Self.samples.count + 1))
        #expect(problems.count == 0, "in \(runs) runs, the first: \(problems.prefix(5))")
    }
}

/// What the stress test's threads found: defects and the number of runs shaped; and how many
/// of its render threads are still at work.
private final class Findings: @unchecked Sendable {  // guarded by `lock`
    private let lock = NSLock()
    private var problems: [String] = []
    private var runs = 0
    private var renderers = 0

    func add(_ found: [String], runs count: Int) {
        lock.lock(); defer { lock.unlock() }
        problems += found
        runs += count
    }

    var values: (problems: [String], runs: Int) {
        lock.lock(); defer { lock.unlock() }
        return (problems, runs)
    }

    /// How many render threads are still at work: `change` more.
    func rendering(_ change: Int) {
        lock.lock(); defer { lock.unlock() }
        renderers += change
    }

    var isRendering: Bool {
        lock.lock(); defer { lock.unlock() }
        return renderers > 0
    }
}
