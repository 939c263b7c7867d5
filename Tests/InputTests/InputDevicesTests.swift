import Foundation
import Input
import NightstandTesting
import Raster
import Testing

/// The device set against a directory of the test's own: what can be shown without a kernel's
/// input devices (the QEMU test shows real ones): the scan, hot-plug through inotify, and the
/// refusals of nodes that are not input devices.
@Suite("Input devices")
struct InputDevicesTests {
    private static let size = PixelSize(width: 800, height: 480)

    private func temporaryDirectory() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
            .path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// Waits up to 200 ms for the set's descriptor to be readable, then handles it.
    private func settle(_ devices: InputDevices) -> [InputEvent] {
        var fd = pollfd(fd: devices.fileDescriptor, events: Int16(POLLIN), revents: 0)
        var events: [InputEvent] = []
        while poll(&fd, 1, 200) > 0 {
            devices.handleReadable { events.append($0) }
        }
        return events
    }

    @Test("an empty directory gives no devices and a quiet descriptor")
    func empty() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let devices = try InputDevices(
            configuration: InputConfiguration(), pictureSize: Self.size, directory: directory)
        #expect(devices.devices.isEmpty)
        var fd = pollfd(fd: devices.fileDescriptor, events: Int16(POLLIN), revents: 0)
        #expect(poll(&fd, 1, 0) == 0)
        #expect(InputDevices.nodes(in: directory).isEmpty)
    }

    @Test("a node that is no input device is refused with the reason, once")
    func notAnInputDevice() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.createSymbolicLink(
            atPath: directory + "/event0", withDestinationPath: "/dev/null")
        _ = FileManager.default.createFile(atPath: directory + "/event1", contents: Data())
        _ = FileManager.default.createFile(atPath: directory + "/mouse0", contents: Data())
        let recorder = LogRecorder()
        let devices = try InputDevices(
            configuration: InputConfiguration(), pictureSize: Self.size, directory: directory,
            logger: recorder.logger(label: "test"))
        #expect(devices.devices.isEmpty)
        #expect(
            InputDevices.nodes(in: directory) == [directory + "/event0", directory + "/event1"])
        #expect(
            recorder.messages == [
                "warning: input: \(directory)/event0 is not an input device: Inappropriate ioctl for device",
                "warning: input: \(directory)/event1 is not an input device: not a character device",
            ])
    }

    @Test("named devices that are not there are said to be awaited")
    func namedMissing() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let recorder = LogRecorder()
        _ = try InputDevices(
            configuration: InputConfiguration(devices: [
                "generic ft5x06 (79)", "/dev/input/by-id/x",
            ]),
            pictureSize: Self.size, directory: directory, logger: recorder.logger(label: "test"))
        #expect(
            recorder.messages == [
                "notice: input: no device generic ft5x06 (79) in \(directory) yet; it is used when it appears",
                "notice: input: no device /dev/input/by-id/x in \(directory) yet; it is used when it appears",
            ])
    }

    @Test("nodes appearing later are tried without polling; a directory made later is watched")
    func hotPlug() throws {
        let parent = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: parent) }
        let directory = parent + "/input"
        let recorder = LogRecorder()
        let devices = try InputDevices(
            configuration: InputConfiguration(), pictureSize: Self.size, directory: directory,
            logger: recorder.logger(label: "test"))
        try FileManager.default.createDirectory(
            atPath: directory, withIntermediateDirectories: false)
        #expect(settle(devices).isEmpty)
        // The directory's appearance scans it (empty); a node created in it is then seen.
        try FileManager.default.createSymbolicLink(
            atPath: directory + "/event7", withDestinationPath: "/dev/null")
        #expect(settle(devices).isEmpty)
        #expect(devices.devices.isEmpty)
        // Hot-plugged nodes that fail are said at debug level only (a node may await udev's
        // permissions: its attribute change brings another try).
        #expect(
            recorder.messages == [
                "debug: input: \(directory)/event7 is not an input device: Inappropriate ioctl "
                    + "for device (tried again when its permissions change)"
            ])
        try FileManager.default.removeItem(atPath: directory + "/event7")
        #expect(settle(devices).isEmpty)
    }
}
