// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "noodle",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "noodle", targets: ["noodle"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/LebJe/TOMLKit", from: "0.6.0"),
    ],
    targets: [
        // The only target that sees curses; imported by the terminal type alone.
        .systemLibrary(name: "CNcurses", path: "Sources/CNcurses"),
        // libcanberra: the freedesktop sound theme's events, played through PulseAudio or PipeWire.
        .systemLibrary(name: "CCanberra", path: "Sources/CCanberra"),
        // glibc's wcwidth, pinned to a UTF-8 locale so widths never depend on the caller's locale.
        .target(name: "CWidth", path: "Sources/CWidth"),
        // Signals as bytes on a pipe the loop polls: no dispatch threads, no lost signals.
        .target(name: "CSignalPipe", path: "Sources/CSignalPipe"),
        // libdbus-1, seen only by NoodleDesktop; pkg-config gives the two include folders dbus.h needs.
        .systemLibrary(name: "CDBus", path: "Sources/CDBus", pkgConfig: "dbus-1", providers: [.apt(["libdbus-1-dev"])]),
        .target(name: "NoodleCore", path: "Sources/NoodleCore", linkerSettings: [.linkedLibrary("m")]),
        // A worker thread's lock, condition and wake-up pipe, for the store's writer and the alarm's sound.
        .target(name: "NoodleWorker", path: "Sources/NoodleWorker"),
        .target(name: "NoodleViews", dependencies: ["NoodleCore", "CWidth"], path: "Sources/NoodleViews"),
        // The built-in ramen catalog: a TOML file contributors edit, embedded into the binary at build time.
        .executableTarget(name: "embed-text", path: "Sources/embed-text"),
        .plugin(name: "EmbedText", capability: .buildTool(), dependencies: ["embed-text"], path: "Plugins/EmbedText"),
        .target(
            name: "NoodleCatalog", dependencies: ["NoodleCore", "TOMLKit"], path: "Sources/NoodleCatalog",
            exclude: ["ramen.toml"], plugins: ["EmbedText"]
        ),
        // Everything the user does, in SQLite: the one target that sees GRDB.
        .target(
            name: "NoodleStore",
            dependencies: ["NoodleCore", "NoodleWorker", .product(name: "GRDB", package: "GRDB.swift")],
            path: "Sources/NoodleStore"
        ),
        // Themes: TOML files mapping each style role to colours and attributes, and colour downgrading.
        .target(name: "NoodleTheme", dependencies: ["NoodleCore", "NoodleViews", "TOMLKit"], path: "Sources/NoodleTheme"),
        // The user's config.toml, read and checked before curses starts.
        .target(name: "NoodleConfig", dependencies: ["NoodleCore", "TOMLKit"], path: "Sources/NoodleConfig"),
        .executableTarget(
            name: "noodle",
            dependencies: [
                "NoodleCore", "NoodleViews", "NoodleCatalog", "NoodleStore", "NoodleTheme", "NoodleConfig", "NoodleDesktop", "NoodleWorker", "CNcurses", "CSignalPipe", "CCanberra",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Sources/noodle"
        ),
        // Desktop notifications with buttons, through the session bus; knows nothing of the terminal.
        .target(name: "NoodleDesktop", dependencies: ["CDBus"], path: "Sources/NoodleDesktop"),
        // Frame work measured in-process, for `make bench`.
        .executableTarget(
            name: "noodle-bench", dependencies: ["NoodleCore", "NoodleViews", "NoodleStore", "NoodleCatalog"], path: "Sources/noodle-bench"
        ),
        // The seeded generator every fuzz and property test draws from.
        .target(name: "NoodleTestSupport", path: "Tests/NoodleTestSupport", exclude: ["notification-server.py"]),
        .testTarget(name: "NoodleCoreTests", dependencies: ["NoodleCore", "NoodleTestSupport"], path: "Tests/NoodleCoreTests"),
        .testTarget(
            name: "NoodleViewsTests", dependencies: ["NoodleViews", "NoodleCore", "NoodleTestSupport"], path: "Tests/NoodleViewsTests",
            exclude: ["__Snapshots__"]
        ),
        .testTarget(name: "NoodleCatalogTests", dependencies: ["NoodleCatalog", "NoodleCore"], path: "Tests/NoodleCatalogTests"),
        .testTarget(
            name: "NoodleStoreTests", dependencies: ["NoodleStore", "NoodleCore", "NoodleTestSupport"], path: "Tests/NoodleStoreTests",
            exclude: ["Fixtures"]
        ),
        .testTarget(name: "NoodleThemeTests", dependencies: ["NoodleTheme", "NoodleViews", "NoodleTestSupport"], path: "Tests/NoodleThemeTests"),
        .testTarget(name: "NoodleConfigTests", dependencies: ["NoodleConfig", "NoodleCore", "NoodleTestSupport"], path: "Tests/NoodleConfigTests"),
        // Against a private dbus-daemon and a scripted notification server, never the desktop's own.
        .testTarget(
            name: "NoodleDesktopTests", dependencies: ["NoodleDesktop", "NoodleTestSupport"], path: "Tests/NoodleDesktopTests"
        ),
        .testTarget(name: "NoodleAppTests", dependencies: ["noodle"], path: "Tests/NoodleAppTests"),
        // Drives the release binary only; CWidth measures captured lines as the terminal does.
        .testTarget(
            name: "NoodleEndToEndTests", dependencies: ["CWidth", "NoodleTestSupport"], path: "Tests/NoodleEndToEndTests",
            exclude: ["Support/sound-recorder.py"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
