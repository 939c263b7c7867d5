import Foundation
import NightstandTesting
import Raster
import Testing
import Widgets

@testable import BuiltinWidgets

/// The command widget: its JSON, its options, running programs with a timeout, and its error
/// states and log.
@Suite("Command", .serialized)
struct CommandTests {
    private func parse(_ json: String) throws(CommandOutputError) -> CommandOutput {
        try CommandOutput(json: Data(json.utf8))
    }

    private func problem(_ json: String) -> String? {
        do {
            _ = try parse(json)
            return nil
        } catch {
            return error.description
        }
    }

    // MARK: Output

    @Test("the documented JSON reads, with defaults for the gauge's range")
    func output() throws {
        let full = try parse(
            #"{"title": "Greenhouse", "value": 21.5, "unit": "°C", "symbol": "leaf.fill", "#
                + ##""tint": "#34C759", "gauge": {"value": 21.5, "min": 0, "max": 40}, "extra": 1}"##
        )
        #expect(full.title == "Greenhouse" && full.value == .number(21.5) && full.unit == "°C")
        #expect(full.symbol == "leaf.fill" && full.tint == RGBA(hexString: "#34C759"))
        #expect(full.gauge == CommandOutput.GaugeValue(value: 21.5, min: 0, max: 40))
        let minimal = try parse(#"{"title": "Backup", "value": "OK", "unit": null}"#)
        #expect(minimal.value == .text("OK") && minimal.unit == nil && minimal.gauge == nil)
        #expect(try parse(#"{"title": "", "value": 1, "gauge": {"value": 0.3}}"#).gauge?.max == 1)
    }

    @Test("bad output names the key and what was expected")
    func badOutput() {
        #expect(problem("") == "not JSON (empty output)")
        #expect(problem("Temperature: 21") == "not JSON (it begins \"Temperature: 21\")")
        #expect(problem("[1, 2]") == "expected a JSON object, found an array")
        #expect(problem(#"{"value": 1}"#) == #""title": missing; expected a string"#)
        #expect(
            problem(#"{"title": 7, "value": 1}"#) == #""title": expected a string, found a number"#)
        #expect(problem(#"{"title": "T"}"#) == #""value": missing; expected a number or a string"#)
        #expect(
            problem(#"{"title": "T", "value": [1]}"#)
                == #""value": expected a number or a string, found an array"#)
        #expect(
            problem(#"{"title": "T", "value": true}"#)
                == #""value": expected a number or a string, found true"#)
        #expect(
            problem(#"{"title": "T", "value": 1, "gauge": {"min": 0}}"#)
                == #""gauge.value": missing; expected a number"#)
        #expect(
            problem(#"{"title": "T", "value": 1, "gauge": {"value": 1, "min": 5, "max": 5}}"#)
                == #""gauge": expected min < max, found min 5.0, max 5.0"#)
        #expect(
            problem(#"{"title": "T", "value": 1, "gauge": 3}"#)
                == #""gauge": expected an object such as {"value": 0.4}, found a number"#)
        #expect(
            problem(#"{"title": "T", "value": 1, "tint": "green"}"#)
                == ##""tint": expected a color such as "#34C759", found "green""##)
    }

    @Test("numbers beyond ±1e15 are refused, naming the key; long strings are cut")
    func bounds() throws {
        #expect(
            problem(#"{"title": "T", "value": 1e308}"#)
                == #""value": expected a number from -1e15 to 1e15, found 1e+308"#)
        #expect(
            problem(#"{"title": "T", "value": 1, "gauge": {"value": 1, "max": 1.7e308}}"#)
                == #""gauge.max": expected a number from -1e15 to 1e15, found 1.7e+308"#)
        #expect(
            problem(#"{"title": "T", "value": 1, "gauge": {"value": -2e16}}"#)
                == #""gauge.value": expected a number from -1e15 to 1e15, found -2e+16"#)
        let long = String(repeating: "word ", count: 20_000)
        let output = try parse(#"{"title": "\#(long)", "value": "\#(long)", "unit": "\#(long)"}"#)
        #expect(output.title.count == CommandOutput.textLimit)
        #expect(output.value == .text(String(long.prefix(CommandOutput.textLimit))))
        #expect(output.unit?.count == CommandOutput.textLimit)
    }

    // MARK: Options

    private func optionError(_ values: [String: WidgetOptions.Value]) -> WidgetOptionError? {
        do {
            _ = try CommandWidget.kind.make(WidgetOptions(values))
            return nil
        } catch {
            return error as? WidgetOptionError
        }
    }

    @Test("exactly one source; command is an argv array; url is http(s)")
    func options() {
        #expect(optionError([:])?.found == "none")
        let both = optionError(["command": .array([.string("date")]), "file": .string("/x")])
        #expect(both?.key == "file" && both?.found == "command and file")
        #expect(optionError(["command": .string("sensors -j")])?.key == "command")
        #expect(optionError(["command": .array([])])?.key == "command")
        #expect(optionError(["command": .array([.string("a"), .int(1)])])?.key == "command")
        #expect(optionError(["url": .string("ftp://example.com/x")])?.key == "url")
        #expect(
            optionError(["url": .string("https://example.com/x"), "timeout": .string("x")])?.key
                == "timeout")
        #expect(optionError(["file": .string("/x"), "shell": .bool(true)])?.key == "shell")
        #expect(optionError(["command": .array([.string("date"), .string("+%s")])]) == nil)
    }

    // MARK: Running programs

    @Test("a program's standard output, without a shell")
    func runs() async {
        let result = await CommandRunner.run(["/bin/echo", "{\"a\": 1}", "$HOME"], timeout: 5)
        #expect(result == .success(Data("{\"a\": 1} $HOME\n".utf8)))
        #expect(
            await CommandRunner.run(["echo", "on", "PATH"], timeout: 5)
                == .success(Data("on PATH\n".utf8)))
        #expect(await CommandRunner.run(["/bin/cat"], timeout: 5) == .success(Data()), "no input")
    }

    @Test("exit status, signals, a missing program and a timeout are errors")
    func failures() async throws {
        let exit = await CommandRunner.run(["/bin/sh", "-c", "echo oops >&2; exit 3"], timeout: 5)
        #expect(exit == .failure(.exited(status: 3, message: "oops")))
        let killed = await CommandRunner.run(["/bin/sh", "-c", "kill -9 $$"], timeout: 5)
        #expect(killed == .failure(.killed(signal: 9, message: "")))
        let missing = await CommandRunner.run(["no-such-program-nightstand"], timeout: 5)
        #expect(missing == .failure(.program(.notFound(program: "no-such-program-nightstand"))))
        let notExecutable = try temporaryDirectory() + "/data.json"
        try Data("{}".utf8).write(to: URL(fileURLWithPath: notExecutable))
        #expect(
            await CommandRunner.run([notExecutable], timeout: 5)
                == .failure(.program(.notFound(program: notExecutable))))
        let slow = await CommandRunner.run(["/bin/sleep", "10"], timeout: 0.3)
        #expect(slow == .failure(.program(.timedOut(seconds: 0.3))))
        let ignoresTerm = await CommandRunner.run(
            ["/bin/sh", "-c", "trap '' TERM; sleep 10"], timeout: 0.3)
        #expect(
            ignoresTerm == .failure(.program(.timedOut(seconds: 0.3))), "SIGKILL follows")
        let flood = await CommandRunner.run(
            ["/bin/sh", "-c", "head -c 100000 /dev/zero"], timeout: 5)
        #expect(flood == .failure(.program(.outputTooLong(limit: CommandRunner.outputLimit))))
    }

    @Test("failures read as messages")
    func messages() {
        #expect(
            CommandError.exited(status: 2, message: "no sensors found").description
                == "exited with status 2; expected 0: no sensors found")
        #expect(
            CommandError.program(.notFound(program: "sensors")).description
                == "no program \"sensors\" on PATH")
        #expect(
            CommandError.program(.timedOut(seconds: 5)).description
                == "did not finish within 5 s")
        #expect(
            CommandError.program(.timedOut(seconds: 90)).description
                == "did not finish within 1 min 30 s", "the same words as every duration")
        #expect(
            CommandError.program(.outputTooLong(limit: 65_536)).description
                == "printed more than 64 KiB; expected one JSON object")
    }

    // MARK: The provider

    private func provider(_ source: CommandSource, log recorder: LogRecorder) -> CommandProvider {
        CommandProvider(
            source: source, refresh: 60, timeout: 5,
            log: ProblemLog(subject: "command widget \(source)", logger: recorder.logger))
    }

    /// A file in a new temporary directory holding `json`.
    private func outputFile(_ json: String) throws -> String {
        let output = try temporaryDirectory() + "/out.json"
        try Data(json.utf8).write(to: URL(fileURLWithPath: output))
        return output
    }

    @Test("a failing program gives an error state, logged once per change with what was expected")
    func errorStates() async throws {
        let output = try outputFile(#"{"title": "T", "value": [1]}"#)
        let recorder = LogRecorder()
        let widget = provider(.command(["/bin/cat", output]), log: recorder)
        let now = berlin(2026, 1, 15, 21, 41)
        let context = TimelineProviderContext(family: .systemSmall, date: now)
        let bad = try await widget.timeline(in: context)
        _ = try await widget.timeline(in: context)
        let expectation = #"{"title": "…", "value": 42} (see docs/widgets.md)"#
        #expect(
            bad.entries.map(\.content) == [
                .failure(
                    title: "Bad output",
                    detail: #""value": expected a number or a string, found an array; expected "#
                        + expectation)
            ])
        #expect(bad.policy == .after(now.addingTimeInterval(60)))
        try Data(#"{"title": "T", "value": 2}"#.utf8).write(to: URL(fileURLWithPath: output))
        let good = try await widget.timeline(in: context)
        #expect(try good.entries.first?.content == .output(parse(#"{"title": "T", "value": 2}"#)))
        #expect(
            recorder.messages == [
                #"warning: command widget ["/bin/cat", "\#(output)"]: bad output: "value": "#
                    + "expected a number or a string, found an array; expected " + expectation,
                #"notice: command widget ["/bin/cat", "\#(output)"]: working again"#,
            ])
    }

    @Test("after good output, a failure keeps the last good output and logs why, naming the source")
    func keepsLastGood() async throws {
        let output = try outputFile(#"{"title": "T", "value": 2}"#)
        let recorder = LogRecorder()
        let widget = provider(.file(output), log: recorder)
        let now = berlin(2026, 1, 15, 21, 41)
        let good = try await widget.timeline(
            in: TimelineProviderContext(family: .systemSmall, date: now))
        let value = try parse(#"{"title": "T", "value": 2}"#)
        #expect(good.entries.map(\.content) == [.output(value)])
        try Data(#"{"title": "T", "value": [1]}"#.utf8).write(to: URL(fileURLWithPath: output))
        let later = now.addingTimeInterval(60)
        let bad = try await widget.timeline(
            in: TimelineProviderContext(family: .systemSmall, date: later))
        #expect(bad.entries.map(\.content) == [.output(value)])
        #expect(bad.entries.map(\.date) == [later])
        try FileManager.default.removeItem(atPath: output)
        let gone = try await widget.timeline(
            in: TimelineProviderContext(family: .systemSmall, date: later))
        #expect(gone.entries.map(\.content) == [.output(value)])
        #expect(
            recorder.messages == [
                "warning: command widget \(output): bad output: \"value\": expected a number or a "
                    + "string, found an array; expected "
                    + #"{"title": "…", "value": 42} (see docs/widgets.md); "#
                    + "showing the last good output",
                "warning: command widget \(output): can't read file: \(output): no such file; "
                    + "showing the last good output",
            ])
    }

    @Test("a program that fails to run says how")
    func runFailure() async {
        let recorder = LogRecorder()
        let content = await provider(.command(["/bin/sh", "-c", "exit 4"]), log: recorder).load()
        #expect(
            content
                == .failure(
                    title: "Command failed", detail: "/bin/sh exited with status 4; expected 0"))
    }

    @Test("file and url sources read the same JSON")
    func otherSources() async throws {
        let recorder = LogRecorder()
        let missing = await provider(.file("/nonexistent/value.json"), log: recorder).load()
        #expect(
            missing
                == .failure(
                    title: "Can't read file", detail: "/nonexistent/value.json: no such file"))
        let server = try LocalHTTPServer(
            response: LocalHTTPServer.response(body: #"{"title": "Web", "value": 7}"#))
        defer { server.close() }
        let web = await provider(.url(server.url("/v")), log: recorder).load()
        #expect(try web == .output(parse(#"{"title": "Web", "value": 7}"#)))
    }
}
