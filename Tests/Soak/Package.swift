// swift-tools-version: 6.0
// The soak: a display with every kind of moving part, run for many hours of its own clock
// (a simulated one, which jumps from deadline to deadline) while its memory, descriptors and
// child processes are sampled. Built and run by scripts/soak (docs/reliability.md).
import PackageDescription

let package = Package(
    name: "NightstandSoak",
    dependencies: [.package(name: "Nightstand", path: "../..")],
    targets: [
        // The tests' Mosquitto harness: Tests/MosquittoHarness, through a symbolic link.
        .target(name: "MosquittoHarness"),
        .executableTarget(
            name: "NightstandSoak",
            dependencies: [
                .product(name: "NightstandProgram", package: "Nightstand"), "MosquittoHarness",
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
