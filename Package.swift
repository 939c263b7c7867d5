// swift-tools-version: 6.0
// The oldest Swift it builds with: 6.0.3, Debian 13's swiftlang (scripts/build-swift6.0).
// Nightstand: a StandBy-style widget display drawn straight into the Linux framebuffer.
// Module rooms and what each may import: docs/architecture.md ("Modules and what each may
// import"); a target's dependencies below are exactly the modules it may import.
import CompilerPluginSupport
import PackageDescription

/// A system library found through pkg-config, with the Debian package that provides it.
func systemLibrary(_ name: String, pkgConfig: String, apt: String) -> Target {
    .systemLibrary(name: name, pkgConfig: pkgConfig, providers: [.apt([apt])])
}

let package = Package(
    name: "Nightstand",
    // The language of the example widgets' String Catalog keys (ExampleWidgets).
    defaultLocalization: "en",
    products: [
        .executable(name: "nightstand", targets: ["nightstand"]),
        .library(name: "Raster", targets: ["Raster"]),
        .library(name: "Display", targets: ["Display"]),
        .library(name: "Widgets", targets: ["Widgets"]),
        .library(name: "NightstandKit", targets: ["NightstandKit"]),
        // The program's module without the `#Preview` macro, for packages that run the
        // program without compiling previews (Tests/Fuzz, Tests/Soak): no swift-syntax build.
        .library(name: "NightstandProgram", targets: ["NightstandProgram"]),
        .library(name: "NightstandTesting", targets: ["NightstandTesting"]),
        .plugin(name: "AssetSymbols", targets: ["AssetSymbols"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/LebJe/TOMLKit", from: "0.6.0"),
        // The macros' compiler plugin (NightstandMacros: `#Preview`, `@Animatable`). 603 ends
        // quietly when Swift 6.3's compiler closes it with an empty message (600 prints
        // "Internal Error" per file); 600 is the oldest that builds with Swift 6.0.3. A build
        // tool only: nothing links it into a program.
        .package(url: "https://github.com/swiftlang/swift-syntax", "600.0.1"..<"604.0.0"),
    ],
    targets: [
        // System-library shims (module map + header each).
        systemLibrary("CDRM", pkgConfig: "libdrm", apt: "libdrm-dev"),
        systemLibrary("CFreeType", pkgConfig: "freetype2", apt: "libfreetype-dev"),
        systemLibrary("CFontconfig", pkgConfig: "fontconfig", apt: "libfontconfig-dev"),
        systemLibrary("CPNG", pkgConfig: "libpng", apt: "libpng-dev"),
        systemLibrary("CEvdev", pkgConfig: "libevdev", apt: "libevdev-dev"),
        systemLibrary("CJPEG", pkgConfig: "libjpeg", apt: "libjpeg-dev"),
        systemLibrary("CHarfBuzz", pkgConfig: "harfbuzz", apt: "libharfbuzz-dev"),
        systemLibrary("CFriBidi", pkgConfig: "fribidi", apt: "libfribidi-dev"),

        // Photos read row by row, for decoding at screen size: JPEG scaled down in libjpeg's
        // DCT, PNG through libpng's row API; PNG written row by row (a frame encoded without a
        // copy of it). Both libraries report errors by longjmp, which Swift cannot survive, so
        // the calls into them stay in C.
        .target(name: "CImageStream", dependencies: ["CJPEG", "CPNG"]),

        // C kernels for Raster: a 32-bit pattern fill as fast as memset (x86-64: `rep stosd`),
        // the red-tint pass, the blend of a solid color through coverage (AVX2 or AVX-512 where
        // the CPU has it; NEON on arm64).
        .target(name: "CPixelFill"),

        // Pixels: canvas, geometry, paths, coverage, paint, fonts, PNG, photos at screen size.
        .target(
            name: "Raster",
            dependencies: [
                "CFreeType", "CFontconfig", "CPNG", "CPixelFill", "SystemSupport", "CImageStream",
                "CHarfBuzz", "CFriBidi",
            ]
        ),

        // Words in the user's language: String Catalogs (.xcstrings), .strings and .stringsdict
        // read at run time, CLDR's plural rules, Nightstand's own catalogs (Strings/, shipped
        // under /usr/share/nightstand/strings).
        // English is compiled in by the EmbeddedStrings plugin (scripts/embed-strings), so a
        // bare binary shows words, not keys.
        .target(
            name: "Localization", exclude: ["Strings"],
            plugins: [.plugin(name: "EmbeddedStrings")]
        ),
        .plugin(name: "EmbeddedStrings", capability: .buildTool()),

        // The declarative views: View, ViewBuilder, layout, environment, rendering onto Raster.
        .target(
            name: "WidgetUI",
            dependencies: ["Raster", "SystemSupport", "Localization"]
        ),

        // The WidgetKit model: widgets, configurations, providers, timelines, families.
        .target(
            name: "Widgets",
            dependencies: [
                "WidgetUI", "Raster", "Ambient", "Settings", "SystemSupport",
            ]
        ),

        // Framebuffer sinks: DRM/KMS, fbdev, headless; pixel formats, rotation, damage.
        .target(
            name: "Display",
            dependencies: ["Raster", "CDRM", "Settings", "SystemSupport", "Localization"]
        ),

        // The display's vocabulary: every command a user, a program or another display may
        // send (DisplayCommand, its words and its JSON wire form), what came of it, and the
        // state those who send commands read. Low: it imports only SystemSupport.
        .target(name: "DisplayCommands", dependencies: ["SystemSupport"]),

        // Below Foundation: running a program with a deadline, threads, small text helpers.
        .target(name: "CSystemSupport"),
        // Its BuildVersion (package version and git commit) is written for each build by the
        // BuildVersion plugin (scripts/build-version).
        .target(
            name: "SystemSupport", dependencies: ["CSystemSupport"],
            plugins: [.plugin(name: "BuildVersion")]
        ),
        .plugin(name: "BuildVersion", capability: .buildTool()),
        // What a widget package applies to a target with an asset catalog: the `ColorResource`
        // and `ImageResource` symbols Xcode generates (`Color(.brandBlue)`).
        .plugin(name: "AssetSymbols", capability: .buildTool()),

        // The run loop's one wait: watched descriptors, mailboxes from any thread, kernel
        // device events (netlink uevents).
        .target(name: "EventCore", dependencies: ["CSystemSupport"]),

        // The typed configuration layer: a file's tables, typed keys with ranges, one error
        // wording; each module declares its own section with it.
        .target(name: "Settings", dependencies: ["SystemSupport"]),

        // Ambient input: light sensors (IIO sysfs), clock schedules, night-mode policy, backlight.
        .target(
            name: "Ambient",
            dependencies: [
                "SystemSupport", "Settings",
            ]
        ),

        // Alarms: [[alarm]] tables, when each rings (daylight saving, clock jumps), ringing,
        // snooze and dismiss, the state kept across restarts, the wake-up light's rise, and
        // the protocol the sound is played through.
        .target(name: "Alarms", dependencies: ["SystemSupport", "Settings", "DisplayCommands"]),

        // StandBy's views and the motion between them: the photos view (folder, slideshow,
        // cross-fade, the time over it), pages that follow a finger and settle with a spring
        // (views, stacks), and the frames they make from finished pictures.
        .target(
            name: "StandbyViews",
            dependencies: ["Raster", "WidgetUI", "SystemSupport", "Settings", "DisplayCommands"]
        ),

        // The car: GPS through gpsd's JSON protocol (a client thread per gpsd, a board the
        // widgets read).
        .target(
            name: "Vehicle",
            dependencies: ["SystemSupport", "Widgets", "CSystemSupport", "EventCore"]),

        // Touch, buttons and presence: evdev devices through libevdev (found by capability,
        // hot-plugged), touches mapped to the picture, gestures, key maps, idle and links; its
        // drags are the views' `PagerDrag`.
        .target(
            name: "Input",
            dependencies: [
                "CEvdev", "Display", "Raster", "Ambient", "Settings", "SystemSupport",
                "StandbyViews", "DisplayCommands",
            ]
        ),

        // The host: configuration, StandBy scene, run loop, control.
        .target(
            name: "Standby",
            dependencies: [
                "Raster", "WidgetUI", "Widgets", "Display", "Ambient", "Settings", "EventCore",
                "SystemSupport", "StandbyViews", "DisplayCommands", "Alarms", "CSystemSupport",
                .product(name: "TOMLKit", package: "TOMLKit"),
            ]
        ),

        // libmosquitto, opened on first use (a display without [mqtt] does not load it, nor
        // the OpenSSL it links): its header (Debian's libmosquitto-dev) and a call through a
        // pointer for each function used.
        .target(
            name: "CMosquitto", dependencies: ["CSystemSupport"],
            linkerSettings: [.linkedLibrary("dl")]),

        // The network side, off by default: an MQTT client on libmosquitto with Home Assistant
        // discovery, and an HTTP API with a live web page. It knows the host only through the
        // NetworkHost protocol (verbs, status, the current frame).
        .target(
            name: "Network",
            dependencies: [
                "CMosquitto", "Raster", "Settings", "SystemSupport", "DisplayCommands",
                "Localization",
            ]
        ),

        // Calendars, without views: the iCalendar (RFC 5545) reader, recurrence expansion,
        // zones (VTIMEZONE, Windows names), and loading calendars from files and URLs.
        .target(name: "Calendars", dependencies: ["SystemSupport"]),

        // libasound and libsndfile, opened when the first sound plays (a display without
        // alarms loads neither): the few declarations used and a pointer to each function.
        .target(name: "CAudio", linkerSettings: [.linkedLibrary("dl")]),

        // Sound: the built-in chime, files decoded by libsndfile, played through ALSA on a
        // thread of its own with a fade-in; the PCM devices; the `[audio]` section.
        .target(name: "Audio", dependencies: ["CAudio", "Settings", "SystemSupport"]),

        // The widgets that ship: clock, date, calendar, weather, system, countdown, command,
        // light, mqtt, gps, obd.
        .target(
            name: "BuiltinWidgets",
            dependencies: [
                "Widgets", "WidgetUI", "Raster", "SystemSupport", "Settings", "Vehicle",
                "Calendars", "Alarms", "DisplayCommands", "Localization",
            ]
        ),

        // The whole program (command line, host) for a `@main` WidgetBundle, and what a widget
        // author sees of it through NightstandKit: the views, the WidgetKit model.
        .target(
            name: "NightstandProgram",
            dependencies: [
                "Raster", "WidgetUI", "Widgets", "Display", "Standby", "BuiltinWidgets",
                "Ambient", "Input", "Network", "SystemSupport", "CSystemSupport", "StandbyViews",
                "DisplayCommands", "Settings", "Vehicle", "Audio", "Alarms", "Localization",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),

        // The macros' expansion (`#Preview`, `@Animatable`, `@AnimatableIgnored`): a compiler
        // plug-in, run while a widget package builds; swift-syntax is linked into the plug-in,
        // not into a program.
        .macro(
            name: "NightstandMacros",
            dependencies: [
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftSyntaxBuilder", package: "swift-syntax"),
                .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
                .product(name: "SwiftDiagnostics", package: "swift-syntax"),
                .product(name: "SwiftCompilerPlugin", package: "swift-syntax"),
            ]
        ),

        // What a widget author imports: NightstandProgram (the views, the WidgetKit model, the
        // program for a `@main` bundle) and the `#Preview` macro. The `nightstand` program
        // imports NightstandProgram instead, so its build has no swift-syntax.
        .target(name: "NightstandKit", dependencies: ["NightstandProgram", "NightstandMacros"]),

        // What the program offers its developers beyond NightstandProgram: `bench` (the reference
        // scene) and `show-test-frame` (test patterns for bring-up and the QEMU tests); the
        // program links it, widget packages' builds do not carry it.
        .target(
            name: "NightstandBench",
            dependencies: [
                "NightstandProgram", "Raster", "WidgetUI", "Widgets", "Display", "StandbyViews",
                "SystemSupport", .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),

        // The `nightstand` program.
        .executableTarget(
            name: "nightstand",
            dependencies: ["NightstandProgram", "NightstandBench"]
        ),

        // The example widgets of Examples/MyDisplay (without its @main bundle), written as iOS
        // widgets are, so that the tests render them: the goldens of Tests/WidgetsTests.
        .target(
            name: "ExampleWidgets",
            dependencies: ["NightstandKit"],
            path: "Examples/MyDisplay/Sources/MyDisplay",
            exclude: ["MyDisplay.swift"],
            resources: [.process("Resources")],
            plugins: [.plugin(name: "AssetSymbols")]
        ),

        // The compatibility corpus: widgets written as for iOS, with only their imports changed
        // (Tests/CompatibilityTests/Corpus), and a `@main` bundle of them. Compiled twice, in
        // Swift 6 and, through the symbolic link CorpusSwift5 to the same files, in Swift 5
        // language mode; Tests/CompatibilityTests renders both.
        .executableTarget(
            name: "CompatibilityCorpus",
            dependencies: ["NightstandKit"],
            path: "Tests/CompatibilityTests/Corpus"
        ),
        .executableTarget(
            name: "CompatibilityCorpusSwift5",
            dependencies: ["NightstandKit"],
            path: "Tests/CompatibilityTests/CorpusSwift5",
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),

        // Testing widgets headless, for this repository's tests and for users' (a library
        // product): rendering a widget as a display shows it, golden PNGs under a tolerance,
        // recording logs; on swift-testing and XCTest.
        .target(
            name: "NightstandTesting",
            dependencies: [
                "Raster", "SystemSupport", "WidgetUI", "Widgets", "Standby", "Display", "Ambient",
            ]
        ),
        // Counting one thread's heap allocations, for tests that prove a path allocates nothing:
        // replaces malloc and friends in the test executable (only a test target may use it).
        .target(name: "CAllocationCounter", path: "Tests/CAllocationCounter"),
        // Writing the JPEGs and PNGs the photo tests decode (Exif orientations, progressive,
        // CMYK, interlaced, camera-sized), so no such fixture is kept (tests and their support
        // only).
        .target(
            name: "CImageWriter", dependencies: ["CJPEG", "CPNG"], path: "Tests/CImageWriter"),
        // The example photos the photos view's tests and pictures show: landscapes drawn with
        // Raster, written as a camera would (JPEG, one stored sideways with an Exif
        // orientation). Test targets only.
        .target(
            name: "PhotoFixtures", dependencies: ["Raster", "CImageWriter"],
            path: "Tests/PhotoFixtures"),
        .testTarget(
            name: "RasterTests",
            dependencies: [
                "Raster", "NightstandTesting", "CAllocationCounter", "CImageWriter",
            ],
            exclude: ["Goldens", "Fixtures"]
        ),
        .testTarget(
            name: "LocalizationTests",
            dependencies: ["Localization"],
            exclude: ["Fixtures"]
        ),
        // An asset catalog with the AssetSymbols plugin applied: the generated symbols, named
        // by Xcode's rules, for WidgetUITests (test targets only).
        .target(
            name: "AssetSymbolsFixture", dependencies: ["WidgetUI"],
            path: "Tests/AssetSymbolsFixture", resources: [.process("Assets.xcassets")],
            plugins: [.plugin(name: "AssetSymbols")]),
        .testTarget(
            name: "WidgetUITests",
            dependencies: [
                "WidgetUI", "Raster", "NightstandTesting",
                "SystemSupport", "AssetSymbolsFixture",
            ],
            exclude: ["Goldens", "Fixtures"]
        ),
        .testTarget(
            name: "WidgetsTests",
            dependencies: [
                "Widgets", "WidgetUI", "Raster", "ExampleWidgets", "NightstandTesting",
            ],
            exclude: ["Goldens"]
        ),
        .testTarget(
            name: "CompatibilityTests",
            dependencies: [
                "CompatibilityCorpus", "CompatibilityCorpusSwift5", "NightstandTesting", "Widgets",
                "WidgetUI", "Raster",
            ],
            exclude: ["Corpus", "CorpusSwift5", "Goldens"]
        ),
        .testTarget(
            name: "StandbyTests",
            dependencies: [
                "DisplayCommands",
                "Standby", "StandbyViews", "Widgets", "WidgetUI", "Display", "Raster", "Ambient",
                "BuiltinWidgets", "Input", "NightstandTesting", "PhotoFixtures",
            ],
            exclude: ["Goldens"]
        ),
        .testTarget(
            name: "NightstandKitTests",
            dependencies: [
                "DisplayCommands",
                "NightstandKit", "NightstandProgram", "NightstandBench", "Standby", "StandbyViews", "BuiltinWidgets",
                "Vehicle", "Alarms", "Audio", "SystemSupport",
                "Widgets", "Display", "Raster", "Ambient", "Input", "NightstandTesting",
                "PhotoFixtures", "WidgetUI",
            ],
            exclude: ["Goldens"]
        ),
        .testTarget(
            name: "VehicleTests",
            dependencies: [
                "Vehicle", "Widgets", "SystemSupport", "NightstandTesting", "MosquittoHarness",
                "EventCore",
            ],
            exclude: ["Fixtures"]
        ),
        .testTarget(
            name: "BuiltinWidgetsTests",
            dependencies: [
                "BuiltinWidgets", "Widgets", "WidgetUI", "Raster", "Standby", "Display", "Ambient",
                "SystemSupport", "NightstandTesting", "Vehicle", "Calendars", "Localization",
            ],
            exclude: ["Goldens", "Fixtures"]
        ),
        .testTarget(
            name: "CalendarsTests",
            dependencies: ["Calendars", "SystemSupport", "NightstandTesting"]
        ),
        .testTarget(
            name: "StandbyViewsTests",
            dependencies: [
                "StandbyViews", "Raster", "WidgetUI", "SystemSupport", "NightstandTesting",
                "CImageWriter", "PhotoFixtures",
            ],
            exclude: ["Goldens", "Immich/immich-stand-in.py"]
        ),
        // A real Mosquitto on loopback, run as a daemon, and its peer clients: for NetworkTests
        // and, through a symbolic link to the same files, the soak (Tests/Soak). Glibc only.
        .target(name: "MosquittoHarness", path: "Tests/MosquittoHarness"),
        .testTarget(
            name: "NetworkTests",
            dependencies: [
                "DisplayCommands", "MosquittoHarness",
                "Network", "BuiltinWidgets", "Widgets", "WidgetUI", "Raster", "Settings",
                "SystemSupport", "NightstandTesting",
            ]
        ),
        .testTarget(
            name: "AlarmsTests",
            dependencies: [
                "Alarms", "Settings", "SystemSupport", "NightstandTesting", "Standby",
                "BuiltinWidgets", "DisplayCommands", "Input", "Raster", "StandbyViews",
            ],
            exclude: ["Goldens"]
        ),
        .testTarget(
            name: "DisplayTests",
            dependencies: ["Display", "Raster", "CDRM"]
        ),
        .testTarget(
            name: "SystemSupportTests",
            dependencies: ["SystemSupport", "NightstandTesting"]
        ),
        .testTarget(
            name: "SettingsTests",
            dependencies: ["Settings"]
        ),
        .testTarget(
            name: "DisplayCommandsTests",
            dependencies: ["DisplayCommands"]
        ),
        .testTarget(
            name: "EventCoreTests",
            dependencies: ["EventCore", "CSystemSupport"]
        ),
        .testTarget(
            name: "InputTests",
            dependencies: [
                "DisplayCommands",
                "Input", "CEvdev", "Display", "Raster", "Ambient", "SystemSupport",
                "StandbyViews", "NightstandTesting",
            ],
            exclude: ["Fixtures"]
        ),
        .testTarget(
            name: "AudioTests",
            dependencies: ["Audio", "CAudio", "Settings"]
        ),
        .testTarget(
            name: "AmbientTests",
            dependencies: ["Ambient", "SystemSupport", "NightstandTesting"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
