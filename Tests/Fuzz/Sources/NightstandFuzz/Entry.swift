import FoundationEssentials
import Glibc

@testable import SystemSupport

/// libFuzzer's entry point: one input for the target `NIGHTSTAND_FUZZ_TARGET` names.
///
/// A target must neither trap nor hang on any input: it parses as the program does, and what
/// parses goes on through the code the program runs next (checks, a timeline, a drawing).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    FuzzTarget.current.run(bytes)
    return 0
}

/// libFuzzer's driver: parses its options from the command line and runs the inputs.
@_silgen_name("LLVMFuzzerRunDriver")
private func runDriver(
    _ argc: UnsafeMutablePointer<Int32>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
) -> Int32

/// The program's entry point, under the name SwiftPM links an executable's `main` to:
/// libFuzzer's driver with ``fuzzOneInput(_:_:)``.
@_cdecl("NightstandFuzz_main")
public func fuzzMain(
    _ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> Int32 {
    var count = argc
    var arguments = argv
    return runDriver(&count, &arguments, fuzzOneInput)
}

extension FuzzTarget {
    /// The target of this process, from `NIGHTSTAND_FUZZ_TARGET`; the process stops with a
    /// message naming the targets when it is missing or unknown.
    ///
    /// The log is kept to critical lines: the problems the inputs provoke are expected.
    static let current: FuzzTarget = {
        Logger.bootstrap(level: .critical)
        let name = ProcessInfo.processInfo.environment["NIGHTSTAND_FUZZ_TARGET"] ?? ""
        guard let target = FuzzTarget(rawValue: name) else {
            let names = allCases.map(\.rawValue).joined(separator: ", ")
            writeStandardError(
                "NIGHTSTAND_FUZZ_TARGET: expected one of \(names), found \"\(name)\"")
            exit(2)
        }
        return target
    }()
}
