import Dispatch
import Foundation
import Testing

@testable import NightstandProgram

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

@Suite("A stop request is acted on within its grace, whatever the loop does")
struct StopDeadlineTests {
    @Test("a loop that stops in time gets no emergency exit; a stuck one gets it after the grace")
    func deadline() {
        let asked = DispatchSemaphore(value: 0)
        let emergencies = DispatchSemaphore(value: 0)
        let prompt = StopDeadline(grace: 30, stop: { asked.signal() }) { emergencies.signal() }
        DispatchQueue.global().async { prompt.requestStop() }
        #expect(asked.wait(timeout: .now() + 30) == .success)
        prompt.finished()
        #expect(emergencies.wait(timeout: .now() + 0.2) == .timedOut)

        let stuck = StopDeadline(grace: 0.05, stop: { asked.signal() }) { emergencies.signal() }
        stuck.requestStop()
        #expect(asked.wait(timeout: .now()) == .success)
        #expect(emergencies.wait(timeout: .now()) == .success, "ran before requestStop returned")
    }
}
