// swift-tools-version:6.0
import PackageDescription

/// One target per responsibility:
/// - `GridLayout`: the layout core (pure Swift, no C dependency).
/// - `GridDocument`: the document model, decoding (JSON, YAML, CSV, TSV), styles and themes.
/// - `GridDrawing`: Cairo, Pango and libpng painting to PNG, SVG and PDF.
/// - `GridSnapshot`: image comparison, diff images, snapshot strategies and record modes.
/// - `GridSnapshotTesting`: `assertSnapshot` for XCTest and Swift Testing.
/// - `GridRender`: the one import for Swift users: a curated surface over the three above
///   (`Document`, `Style`, `Theme`, `GridRenderError` at the top level, the rest nested), documents
///   built from plain values, `render(to:)`/`pngData()` and their `async` twins.
/// - `gridrender`: the command-line tool.
/// - `GridRenderAccelerators`: opt-in speed for an executable (interposes three C functions in
///   its process); the CLI links it, the library does not.
/// - `CCairo`, `CPangoCairo` (with `CHarfBuzz` for its include path), `CLibPNG`: system-library
///   shims; `CPNGCodec`: libpng's setjmp/longjmp error handling, which Swift cannot express;
///   `CFreeTypeFaces`: one FreeType face per font file, so cairo 1.16 never reopens faces
///   across threads; `CFastFormat`: exact fast "%f"/"%d" for Cairo's SVG and PDF writers;
///   `CGlyphCompositor`: PNG text composited per thread, without Cairo's global glyph lock.
let package = Package(
    name: "gridrender",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "gridrender", targets: ["gridrender"]),
        // The engine modules (GridLayout, GridDocument, GridDrawing, GridSnapshot) are targets,
        // not products: users import the facades below.
        .library(name: "GridSnapshotTesting", targets: ["GridSnapshotTesting"]),
        .library(name: "GridRender", targets: ["GridRender"]),
        .library(name: "SnapshotTestingGridRender", targets: ["SnapshotTestingGridRender"]),
        /// Opt-in: three C functions replaced in the whole process of the executable that links
        /// it, for speed (docs/API.md, "Accelerators"). The `gridrender` CLI links it.
        .library(name: "GridRenderAccelerators", targets: ["GridRenderAccelerators"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
        // `swift package generate-documentation --target GridRender` (DocC).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.4.0"),
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.17.0"),
    ],
    targets: [
        .systemLibrary(name: "CCairo", pkgConfig: "cairo",
                       providers: [.apt(["libcairo2-dev"])]),
        .systemLibrary(name: "CHarfBuzz", pkgConfig: "harfbuzz",
                       providers: [.apt(["libharfbuzz-dev"])]),
        /// Pango through a C target and an include link, not pkg-config `pangocairo`, whose
        /// `-pthread` makes SwiftPM warn on every build (see Sources/CPangoCairo/PangoHeaders.c).
        .target(name: "CPangoCairo", dependencies: ["CCairo", "CHarfBuzz"], linkerSettings: [
            .linkedLibrary("pangocairo-1.0"), .linkedLibrary("pango-1.0"),
            .linkedLibrary("pangoft2-1.0"), .linkedLibrary("fontconfig"),
            .linkedLibrary("gobject-2.0"), .linkedLibrary("glib-2.0"),
        ]),
        /// zlib for the document module: the CRC-32 of every chunk of every image cell's file.
        .systemLibrary(name: "CZlib", pkgConfig: "zlib",
                       providers: [.apt(["zlib1g-dev"])]),
        /// libdeflate for the PDF writer's streams: zlib's format in about half zlib's time.
        .systemLibrary(name: "CLibDeflate", pkgConfig: "libdeflate",
                       providers: [.apt(["libdeflate-dev"])]),
        .systemLibrary(name: "CLibPNG", pkgConfig: "libpng",
                       providers: [.apt(["libpng-dev"])]),
        .target(name: "CPNGCodec", dependencies: ["CLibPNG"], linkerSettings: [.linkedLibrary("z"), .linkedLibrary("isal")]),
        /// One FreeType face per font file for the whole process, handed to cairo so that it never
        /// closes and reopens faces across threads (Sources/CFreeTypeFaces/SharedFaces.c).
        .target(name: "CFreeTypeFaces", dependencies: ["CCairo"], linkerSettings: [
            .linkedLibrary("fontconfig"), .linkedLibrary("freetype"),
        ]),

        /// Exact fast paths for the "%f" and "%d" that Cairo's SVG and PDF writers print millions
        /// of times (Sources/CFastFormat/FastFormat.c); everything else goes to glibc.
        .target(name: "CFastFormat"),

        /// Text on PNG bands composited per thread, pixel for pixel as Cairo does it, without
        /// cairo 1.16's process-wide glyph lock (Sources/CGlyphCompositor/GlyphCompositor.c).
        .target(name: "CGlyphCompositor", dependencies: ["CCairo", "CGlyphRaster"], linkerSettings: [.linkedLibrary("pixman-1")]),
        /// PNG text at eighth-pixel positions, composited by each painting thread from its own
        /// glyph coverages (Sources/CGlyphRaster/GlyphRaster.c); called by the PNG player, no interposing.
        .target(name: "CGlyphRaster", dependencies: ["CCairo"], linkerSettings: [
            .linkedLibrary("pixman-1"), .linkedLibrary("freetype"),
        ]),

        /// Font programs for the project's PDF writer: a font file's metrics and a glyph subset cut
        /// by HarfBuzz's subsetter (libharfbuzz-subset, part of libharfbuzz-dev).
        .target(name: "CFontSubset", dependencies: ["CCairo", "CHarfBuzz"], linkerSettings: [
            .linkedLibrary("harfbuzz-subset"), .linkedLibrary("harfbuzz"), .linkedLibrary("freetype"),
        ]),

        .target(name: "GridLayout"),
        .target(name: "GridDocument", dependencies: [
            "GridLayout", "CZlib",
            .product(name: "Yams", package: "Yams"),
        ]),
        .target(name: "GridDrawing", dependencies: [
            "GridLayout", "GridDocument", "CCairo", "CPangoCairo", "CPNGCodec", "CFontSubset", "CLibDeflate", "CGlyphRaster",
        ]),
        /// The three interposing C targets, opted into by an executable (never by the library):
        /// it defines `__snprintf_chk`, `cairo_show_glyphs` and `cairo_ft_font_face_create_for_pattern`
        /// for its whole process.
        .target(name: "GridRenderAccelerators", dependencies: [
            "GridDrawing", "CFreeTypeFaces", "CFastFormat", "CGlyphCompositor",
        ]),
        .target(name: "GridSnapshot", dependencies: ["GridDocument", "GridDrawing", "CPNGCodec"]),
        /// `assertSnapshot` for users' tests: the only target that links XCTest and Swift Testing,
        /// so the `gridrender` binary does not.
        /// It depends on GridRender too, so a test target that lists only this product can
        /// `import GridRender` and link.
        .target(name: "GridSnapshotTesting", dependencies: ["GridSnapshot", "GridRender"]),
        /// Strategies for pointfreeco's swift-snapshot-testing (`assertSnapshot(of: document, as:
        /// .png)`) backed by GridSnapshot's comparator. Only the `SnapshotTesting` product: its
        /// `InlineSnapshotTesting` would compile swift-syntax.
        .target(name: "SnapshotTestingGridRender", dependencies: [
            "GridSnapshot", "GridSnapshotTesting", "GridDocument",
            .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
        ]),
        .executableTarget(name: "gridrender", dependencies: [
            "GridLayout", "GridDocument", "GridDrawing", "GridSnapshot", "GridRenderAccelerators",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ], linkerSettings: [
            // Swift runtime and Foundation linked in: ~10-20 ms less start-up per render
            // (dynamic loading and relocation of libswiftCore/Foundation/ICU). Cairo, Pango and
            // libpng stay shared system libraries.
            // Foundation's own static dependencies are not auto-linked by `-static-stdlib` alone.
            // lld: GNU ld prints a `mktemp` warning for the static Foundation, which lld does not.
            .unsafeFlags([
                "-use-ld=lld",
                "-static-stdlib",
                "-Xlinker", "--start-group",
                "-Xlinker", "-lFoundation", "-Xlinker", "-lFoundationInternationalization",
                "-Xlinker", "-lFoundationEssentials", "-Xlinker", "-lCoreFoundation",
                "-Xlinker", "-l_FoundationICU", "-Xlinker", "-l_FoundationCShims",
                "-Xlinker", "-l_FoundationCollections", "-Xlinker", "-lswiftSynchronization",
                "-Xlinker", "--end-group",
            ]),
        ]),
        .target(name: "GridRender", dependencies: ["GridLayout", "GridDocument", "GridDrawing"]),
        /// A program that links `GridRender` alone and renders a document file: what a library
        /// user's program is. Tests check it defines none of the accelerators' symbols and
        /// draws the CLI's pixels (`LibraryOnlyRenderTests`).
        .executableTarget(name: "LibraryOnlyRender", dependencies: ["GridRender"]),
        /// Opts in to the accelerators, as the CLI does, so its numbers are the CLI's process.
        .executableTarget(name: "GridBenchmarks", dependencies: ["GridLayout", "GridDocument", "GridDrawing", "GridRenderAccelerators"]),

        // What the test targets share (a seeded generator); no product exposes it.
        .target(name: "GridTestSupport", path: "Tests/GridTestSupport"),
        .testTarget(name: "GridLayoutTests", dependencies: ["GridLayout", "GridTestSupport"]),
        .testTarget(name: "GridDocumentTests", dependencies: ["GridDocument", "GridTestSupport"]),
        .testTarget(name: "GridDrawingTests", dependencies: ["GridDrawing", "GridDocument", "GridLayout", "GridRenderAccelerators", "CFastFormat", "CZlib", "GridTestSupport"]),
        .testTarget(name: "GridSnapshotTests", dependencies: ["GridSnapshot", "GridSnapshotTesting", "GridDocument", "GridDrawing", "GridTestSupport"]),
        .testTarget(name: "gridrenderTests", dependencies: ["GridSnapshot", "GridTestSupport"]),
        .testTarget(name: "GridRenderTests", dependencies: ["GridRender", "GridSnapshot"]),
        .testTarget(name: "SnapshotTestingGridRenderTests", dependencies: [
            "SnapshotTestingGridRender", "GridDocument", "GridTestSupport",
            .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
        ], exclude: ["__Snapshots__"]),
    ],
    swiftLanguageModes: [.v6]
)

/// libFuzzer harnesses and the leak-check render loop (docs/robustness.md). They exist only when
/// GRIDRENDER_FUZZ=1, because a fuzz harness calls libFuzzer's driver and so cannot link in a
/// plain `swift build`: `make -f fuzz.mk fuzz` sets the variable and builds them with
/// `-sanitize=fuzzer,address` in `.build-fuzz` (RenderLoop: `-sanitize=address`, `.build-asan`).
if Context.environment["GRIDRENDER_FUZZ"] == "1" {
    package.targets += [
        .target(name: "FuzzDriver", path: "Fuzz/FuzzDriver"),
        .executableTarget(name: "FuzzDocument", dependencies: ["GridDocument", "FuzzDriver"], path: "Fuzz/FuzzDocument"),
        .executableTarget(name: "FuzzCSV", dependencies: ["GridDocument", "FuzzDriver"], path: "Fuzz/FuzzCSV"),
        .executableTarget(name: "FuzzPNG", dependencies: ["GridSnapshot", "FuzzDriver"], path: "Fuzz/FuzzPNG"),
        .executableTarget(name: "FuzzCompare", dependencies: ["GridSnapshot", "FuzzDriver"], path: "Fuzz/FuzzCompare"),
        .executableTarget(name: "RenderLoop", dependencies: ["GridDocument", "GridDrawing"], path: "Fuzz/RenderLoop"),
    ]
}
