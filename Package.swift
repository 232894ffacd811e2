// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "noodle",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "noodle", targets: ["noodle"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        // The only target that sees curses; imported by the terminal type alone.
        .systemLibrary(name: "CNcurses", path: "Sources/CNcurses"),
        // glibc's wcwidth, pinned to a UTF-8 locale so widths never depend on the caller's locale.
        .target(name: "CWidth", path: "Sources/CWidth"),
        // Signals as bytes on a pipe the loop polls: no dispatch threads, no lost signals.
        .target(name: "CSignalPipe", path: "Sources/CSignalPipe"),
        .target(name: "NoodleCore", path: "Sources/NoodleCore", linkerSettings: [.linkedLibrary("m")]),
        .target(name: "NoodleViews", dependencies: ["NoodleCore", "CWidth"], path: "Sources/NoodleViews"),
        .executableTarget(
            name: "noodle",
            dependencies: [
                "NoodleCore", "NoodleViews", "CNcurses", "CSignalPipe",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Sources/noodle"
        ),
        // Frame work measured in-process, for `make bench`.
        .executableTarget(name: "noodle-bench", dependencies: ["NoodleCore", "NoodleViews"], path: "Sources/noodle-bench"),
        .testTarget(name: "NoodleCoreTests", dependencies: ["NoodleCore"], path: "Tests/NoodleCoreTests"),
        .testTarget(
            name: "NoodleViewsTests", dependencies: ["NoodleViews", "NoodleCore"], path: "Tests/NoodleViewsTests",
            exclude: ["__Snapshots__"]
        ),
        .testTarget(name: "NoodleAppTests", dependencies: ["noodle"], path: "Tests/NoodleAppTests"),
        .testTarget(name: "NoodleEndToEndTests", path: "Tests/NoodleEndToEndTests"),
    ],
    swiftLanguageModes: [.v6]
)
