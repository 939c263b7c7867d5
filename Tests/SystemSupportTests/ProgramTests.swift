import FoundationEssentials
import Glibc
import Testing

@testable import SystemSupport

/// Running programs: output, endings, deadlines, limits, cancellation, and what the child gets.
@Suite("Program")
struct ProgramTests {
    @Test("standard output, standard error and the exit status come back")
    func output() throws {
        let output = try Program.run(
            ["sh", "-c", "printf 'out\\n'; echo 'bad thing\nmore' >&2; exit 3"], timeout: 10
        ).get()
        #expect(output.standardOutput == Array("out\n".utf8))
        #expect(output.errorLine == "bad thing")
        #expect(output.ending == .exited(3))
    }

    @Test("a signal that ends the program is reported as such")
    func signalled() throws {
        let output = try Program.run(["sh", "-c", "kill -9 $$"], timeout: 10).get()
        #expect(output.ending == .signalled(9))
    }

    @Test("a program past its deadline is stopped and the run times out")
    func deadline() {
        #expect(Program.run(["sleep", "30"], timeout: 0.2) == .failure(.timedOut(seconds: 0.2)))
    }

    @Test("a timeout past any sensible range runs the program instead of trapping")
    func hugeTimeout() throws {
        #expect(try Program.run(["true"], timeout: 1e300).get().ending == .exited(0))
        #expect(try Program.run(["true"], timeout: .infinity).get().ending == .exited(0))
        guard case .failure(.timedOut) = Program.run(["true"], timeout: .nan) else {
            Issue.record("a NaN timeout should time out at once")
            return
        }
        #expect(DurationWords.seconds(1e300) == DurationWords.seconds(Double(Int.max)))
    }

    @Test("a grandchild holding the output open cannot hold the run past its deadline")
    func grandchild() {
        let run = Program.run(["sh", "-c", "sleep 30 & echo started"], timeout: 0.3)
        #expect(run == .failure(.timedOut(seconds: 0.3)))
    }

    @Test("a run that times out stops what the program started too: no orphan survives")
    func noOrphans() throws {
        let file = "/tmp/nightstand-orphan-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        defer { unlink(file) }
        // The grandchild ignores SIGTERM and closes the output, as a daemon would.
        let script = "trap '' TERM; sleep 300 >/dev/null 2>&1 & echo $! > \(file); sleep 300"
        #expect(
            Program.run(["sh", "-c", script], timeout: 0.3) == .failure(.timedOut(seconds: 0.3)))
        let grandchild = try #require(
            pid_t(
                String(
                    decoding: FileManager.default.contents(atPath: file) ?? Data(), as: UTF8.self
                )
                .trimmingWhitespace()))
        // SIGTERM, then SIGKILL a second later: gone (or a zombie awaiting init) within 3 s.
        var alive = true
        for _ in 0..<300 where alive {
            usleep(10_000)
            alive = Self.isRunning(grandchild)
        }
        #expect(!alive, "the grandchild \(grandchild) outlived the run")
    }

    /// Whether `pid` is a live process, not gone nor a zombie.
    private static func isRunning(_ pid: pid_t) -> Bool {
        guard let stat = FileManager.default.contents(atPath: "/proc/\(pid)/stat") else {
            return false
        }
        // "pid (comm) S …": the state follows the last parenthesis.
        let text = String(decoding: stat, as: UTF8.self)
        guard let close = text.lastIndex(of: ")") else { return false }
        return !text[text.index(after: close)...].trimmingWhitespace().hasPrefix("Z")
    }

    @Test("more standard output than the limit stops the program")
    func outputLimit() {
        #expect(
            Program.run(["yes"], timeout: 10, outputLimit: 1000)
                == .failure(.outputTooLong(limit: 1000)))
    }

    @Test("a missing program, a directory and an empty command are failures with their reason")
    func notFound() {
        #expect(
            Program.run(["no-such-program-here"], timeout: 1)
                == .failure(.notFound(program: "no-such-program-here")))
        #expect(Program.run(["/tmp"], timeout: 1) == .failure(.notFound(program: "/tmp")))
        #expect(Program.run([], timeout: 1) == .failure(.notFound(program: "")))
        #expect(
            ProgramFailure.notFound(program: "sensors").description
                == #"no program "sensors" on PATH"#)
        #expect(
            ProgramFailure.notFound(program: "/x/y").description == "/x/y is not an executable file"
        )
        #expect(ProgramFailure.timedOut(seconds: 5).description == "did not finish within 5 s")
    }

    @Test("the child reads /dev/null and sees the host's environment")
    func inheritance() throws {
        #expect(try Program.run(["cat"], timeout: 10).get().standardOutput.isEmpty)
        let home = ProcessInfo.processInfo.environment["HOME"] ?? ""
        let echoed = try Program.run(["sh", "-c", "printf %s \"$HOME\""], timeout: 10).get()
        #expect(String(decoding: echoed.standardOutput, as: UTF8.self) == home)
    }

    @Test("the child gets no descriptor but 0, 1 and 2, even one opened without close-on-exec")
    func descriptors() throws {
        // As a library opens a socket (libmosquitto's to the broker): no O_CLOEXEC.
        let leaky = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #expect(leaky > 2)
        defer { close(leaky) }
        let listed = try Program.run(["sh", "-c", "ls /proc/$$/fd"], timeout: 10).get()
        let open = String(decoding: listed.standardOutput, as: UTF8.self)
            .split(separator: "\n").compactMap { Int($0) }
        #expect(!open.contains(Int(leaky)), "\(open)")
        #expect(open.allSatisfy { $0 <= 2 || $0 >= 10 }, "only the shell's own above 2: \(open)")
    }

    @Test("cancelling the calling task stops the program")
    func cancellation() async {
        let run = Task { await Program.run(["sleep", "30"], timeout: 60) }
        try? await Task.sleep(for: .milliseconds(100))
        run.cancel()
        #expect(await run.value == .failure(.cancelled))
    }

    @Test("a cancellation requested before the run starts stops it at once")
    func cancelledEarly() {
        let cancellation = ProgramCancellation()
        cancellation.cancel()
        #expect(
            Program.run(["sleep", "30"], timeout: 60, cancellation: cancellation)
                == .failure(.cancelled))
    }

    @Test("programs are found on PATH")
    func lookup() {
        #expect(Program.executable("sh")?.hasSuffix("/sh") == true)
        #expect(Program.executable("/bin/sh") == "/bin/sh")
        #expect(Program.executable("no-such-program-here") == nil)
    }
}
