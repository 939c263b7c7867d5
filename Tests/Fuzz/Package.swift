// swift-tools-version: 6.0
// The fuzzers of Nightstand's parsers of outside input, for libFuzzer. Built and run only by
// scripts/fuzz (docs/reliability.md), with the fuzzer's instrumentation:
//   swift build --package-path Tests/Fuzz -c release -Xswiftc -sanitize=fuzzer,address \
//       -Xswiftc -parse-as-library -Xswiftc -enable-testing
import PackageDescription

let package = Package(
    name: "NightstandFuzz",
    dependencies: [.package(name: "Nightstand", path: "../..")],
    targets: [
        .executableTarget(
            name: "NightstandFuzz",
            dependencies: [.product(name: "NightstandProgram", package: "Nightstand")]
        )
    ],
    swiftLanguageModes: [.v6]
)
