import Foundation
import Testing

/// Runs `body` as an unprivileged user for file access, so mode bits deny as they would on a
/// device: as root, this thread's filesystem uid becomes `nobody` (setfsuid(2) is per thread,
/// and dropping it from 0 also drops CAP_DAC_OVERRIDE), and is restored afterwards.
public func asUnprivilegedUser<T>(_ body: () throws -> T) rethrows -> T {
    guard getuid() == 0 else { return try body() }
    typealias SetFilesystemUID = @convention(c) (UInt32) -> Int32
    guard let symbol = dlsym(nil, "setfsuid") else {
        Issue.record("setfsuid(2) not found in libc")
        return try body()
    }
    let setfsuid = unsafeBitCast(symbol, to: SetFilesystemUID.self)
    let previous = setfsuid(65534)
    defer { _ = setfsuid(UInt32(previous)) }
    return try body()
}
