// swift-tools-version:6.0
import PackageDescription

// The docs/API.md tour as a package of its own, using only gridrender's documented products.
// scripts/test.sh builds it, runs it and walks its snapshot tests through record, pass and fail
// (Examples/Tour/check.sh). Its code is the docs' code: Tests/GridRenderTests/DocBlockTests.swift
// checks that every Swift block of README.md and docs/API.md appears in a file here.
let package = Package(
    name: "Tour",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "gridrender", path: "../.."),
        .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.17.0"),
    ],
    targets: [
        // SwiftUI's `Color`, `GridItem` and `Layout` for Linux, to prove they sit beside GridRender.
        .target(name: "SwiftUIStandIn"),
        .executableTarget(name: "Tour", dependencies: [
            .product(name: "GridRender", package: "gridrender"),
            .product(name: "Yams", package: "Yams"),
            "SwiftUIStandIn",
        ]),
        .testTarget(name: "TourTests", dependencies: [
            .product(name: "GridSnapshotTesting", package: "gridrender"),
        ]),
        .testTarget(name: "TourAdapterTests", dependencies: [
            .product(name: "GridRender", package: "gridrender"),
            .product(name: "SnapshotTestingGridRender", package: "gridrender"),
            .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
        ], exclude: ["__Snapshots__"]),
    ],
    swiftLanguageModes: [.v6]
)
