import Dispatch
import Foundation
import Testing

@testable import NightstandKit

@Suite("Signals reach their closures through the relay pipe", .serialized)
struct SignalHandlersTests {
    @Test("Each signal sent to the process runs its own closure, on the relay's thread")
    func relays() throws {
        let first = DispatchSemaphore(value: 0)
        let second = DispatchSemaphore(value: 0)
        let handlers = try SignalHandlers([
            SIGUSR1: { first.signal() }, SIGUSR2: { second.signal() },
        ])
        defer { handlers.cancel() }
        // To the process, as the kernel and `kill` send them (test threads block signals).
        kill(getpid(), SIGUSR2)
        #expect(second.wait(timeout: .now() + 30) == .success)
        kill(getpid(), SIGUSR1)
        #expect(first.wait(timeout: .now() + 30) == .success)
        kill(getpid(), SIGUSR1)
        // Generous waits: they bound a hang, they do not measure anything.
        #expect(first.wait(timeout: .now() + 30) == .success)
        #expect(second.wait(timeout: .now()) == .timedOut)
    }

    @Test("A signal number the kernel does not have is refused with a message")
    func badSignal() {
        #expect {
            try SignalHandlers([4096: {}])
        } throws: { error in
            "\(error)".hasPrefix("cannot handle signals: sigaction(4096) failed: Invalid argument")
        }
    }
}
