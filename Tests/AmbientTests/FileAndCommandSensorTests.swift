import Foundation
import NightstandTesting
import Testing

@testable import Ambient

@Suite("Lux from a file or a command")
struct FileAndCommandSensorTests {
    @Test("Each source has a short name for the light widget")
    func shortNames() {
        #expect(LuxSource.iio(name: "bh1750").shortName == "bh1750")
        #expect(LuxSource.iio(name: nil).shortName == "IIO sensor")
        #expect(
            LuxSource.iioDevice(path: "/sys/bus/iio/devices/iio:device2").shortName
                == "iio:device2")
        #expect(LuxSource.file(path: "/run/nightstand/lux").shortName == "file lux")
        #expect(
            LuxSource.command(arguments: ["/usr/local/bin/read-lux", "-q"], timeout: 5).shortName
                == "command read-lux")
    }

    @Test("A file's first word is the lux value", arguments: ["12.5", "12.5\n", " 12.5 lux\n"])
    func fileReading(contents: String) throws {
        let sysfs = try FakeSysfs()
        let path = try sysfs.file("run/lux", contents)
        #expect(try FileLightSensor(path: path).readLux() == 12.5)
        #expect(try LuxSource.file(path: path).resolve().readLux() == 12.5)
    }

    @Test("A file without a lux number says what it holds and what was expected")
    func fileBadContents() throws {
        let sysfs = try FakeSysfs()
        let path = try sysfs.file("run/lux", "dark\n")
        let error = expectError(LightSensorError.self) {
            try FileLightSensor(path: path).readLux()
        }
        #expect(
            error?.description
                == "light sensor: \(path) gave \"dark\\n\"; expected a lux number such as 12.5")
    }

    @Test("A missing file and an unreadable file fail differently")
    func fileErrors() throws {
        let sysfs = try FakeSysfs()
        let missing = sysfs.root + "/run/none"
        let error = expectError(LightSensorError.self) {
            try FileLightSensor(path: missing).readLux()
        }
        #expect(error == .unreadable(path: missing, reason: "No such file or directory (errno 2)"))

        let locked = try sysfs.file("run/lux", "3\n")
        chmod(locked, 0)
        let denied = asUnprivilegedUser {
            expectError(LightSensorError.self) { try FileLightSensor(path: locked).readLux() }
        }
        #expect(denied == .permissionDenied(path: locked))
    }

    @Test("A FIFO or a device as the sensor file fails at once, naming what it is")
    func notAFile() throws {
        let sysfs = try FakeSysfs()
        let fifo = sysfs.root + "/lux"
        #expect(mkfifo(fifo, 0o600) == 0)
        let error = expectError(LightSensorError.self) {
            try FileLightSensor(path: fifo).readLux()
        }
        #expect(error == .unreadable(path: fifo, reason: "a FIFO, not a regular file"))
        let zero = expectError(LightSensorError.self) {
            try FileLightSensor(path: "/dev/zero").readLux()
        }
        #expect(
            zero == .unreadable(path: "/dev/zero", reason: "a character device, not a regular file")
        )
    }

    @Test(
        "A lux value beyond 1,000,000 (or not a number) is refused, naming the source",
        arguments: ["1e300", "1000001", "-0.5", "inf", "nan"])
    func luxOutOfRange(text: String) throws {
        let sysfs = try FakeSysfs()
        let path = try sysfs.file("run/lux", text)
        let error = expectError(LightSensorError.self) {
            try FileLightSensor(path: path).readLux()
        }
        guard case .badValue(let source, _, _) = error else {
            Issue.record("expected a bad value, got \(String(describing: error))")
            return
        }
        #expect(source == path)
        let brightest = try sysfs.file("run/lux", "1000000")
        #expect(try FileLightSensor(path: brightest).readLux() == 1_000_000)
    }

    @Test("A command's first word of output is the lux value; the program is found in PATH")
    func commandReading() throws {
        #expect(try CommandLightSensor(arguments: ["echo", "17.25"]).readLux() == 17.25)
        let source = LuxSource.command(arguments: ["printf", "%s lux\\n", "3"], timeout: 5)
        #expect(try source.resolve().readLux() == 3)
    }

    @Test("Arguments reach the program verbatim: no shell expands them")
    func noShell() throws {
        let error = expectError(LightSensorError.self) {
            try CommandLightSensor(arguments: ["echo", "$((1+1))"]).readLux()
        }
        guard case .badValue(_, let contents, _) = error else {
            Issue.record("expected badValue, got \(String(describing: error))")
            return
        }
        #expect(contents == "$((1+1))\n")
    }

    @Test("A command that hangs is killed at its timeout")
    func timeout() throws {
        let sensor = CommandLightSensor(arguments: ["sleep", "30"], timeout: 0.2)
        #expect(throws: LightSensorError.timedOut(command: "sleep 30", seconds: 0.2)) {
            try sensor.readLux()
        }
    }

    @Test("A failing command reports its status and first line of standard error")
    func failingCommand() throws {
        let failing = CommandLightSensor(arguments: ["sh", "-c", "echo broken bus >&2; exit 3"])
        let error = expectError(LightSensorError.self) { try failing.readLux() }
        #expect(
            error
                == .commandFailed(
                    command: "sh -c 'echo broken bus >&2; exit 3'",
                    reason: "exited with status 3: broken bus"))

        let killed = CommandLightSensor(arguments: ["sh", "-c", "kill -9 $$"])
        let signal = expectError(LightSensorError.self) { try killed.readLux() }
        #expect(signal?.description.contains("was killed by signal 9") == true)
    }

    @Test("A missing program or an empty command is an error, not a crash")
    func missingProgram() throws {
        let error = expectError(LightSensorError.self) {
            try CommandLightSensor(arguments: ["no-such-lux-program"]).readLux()
        }
        #expect(error?.description.contains(#"no program "no-such-lux-program" on PATH"#) == true)
        let empty = expectError(LightSensorError.self) {
            try CommandLightSensor(arguments: []).readLux()
        }
        #expect(empty?.description.contains("is empty (expected a program name)") == true)
    }
}
