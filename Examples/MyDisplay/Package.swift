// swift-tools-version: 6.0
// MyDisplay: a Nightstand program with its own widgets, next to the built-in ones.
import PackageDescription

let package = Package(
    name: "MyDisplay",
    // The language Localizable.xcstrings' keys are written in.
    defaultLocalization: "en",
    dependencies: [
        // Nightstand itself; outside this repository use
        // .package(url: "https://…/nightstand.git", branch: "main").
        .package(name: "Nightstand", path: "../..")
    ],
    targets: [
        .executableTarget(
            name: "MyDisplay",
            dependencies: [.product(name: "NightstandKit", package: "Nightstand")],
            // Localizable.xcstrings: the widgets' words in German and French
            // (docs/localization.md); Assets.xcassets: the tide widget's colors and image, read
            // at run time, their `ColorResource`/`ImageResource` symbols generated as Xcode
            // does by the AssetSymbols plugin.
            resources: [.process("Resources")],
            plugins: [.plugin(name: "AssetSymbols", package: "Nightstand")]
        ),
        // The widgets drawn as the display shows them, checked against golden PNGs
        // (Tests/MyDisplayTests/Goldens) with Nightstand's testing library.
        .testTarget(
            name: "MyDisplayTests",
            dependencies: [
                "MyDisplay", .product(name: "NightstandTesting", package: "Nightstand"),
            ],
            exclude: ["Goldens"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
