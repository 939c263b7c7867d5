import Foundation
import Network
import Settings
import Standby
import Testing

@testable import NightstandProgram

/// Configuration from the broker laid over the file: the layers' order, what a document may
/// not set, and the store's good, refused and kept documents.
@Suite("Fleet configuration layers")
struct FleetConfigTests {
    /// A folder with the local file `nightstand.toml` holding `fleet` lines in `[fleet]`.
    static func local(_ fleet: [String] = []) throws -> String {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("fleet-config-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("nightstand.toml").path
        let text = """
            [layout]
            views = ["widgets", "clock"]
            [mqtt]
            url = "mqtt://127.0.0.1:1"
            [fleet]
            id = "d1"
            groups = ["g"]
            accept_config = true
            \(fleet.joined(separator: "\n"))
            """
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        return file
    }

    /// `store` holding `documents` (layer, text) as good ones.
    static func store(_ documents: [(String, String)]) -> FleetConfigStore {
        let store = FleetConfigStore()
        for (layer, text) in documents {
            #expect(store.offer(layer: layer, payload: Array(text.utf8)) == .queued)
            #expect(store.nextTrial()?.layer == layer)
            store.finish(applied: true, message: "applied")
        }
        return store
    }

    static func load(_ file: String, _ store: FleetConfigStore) throws -> Configuration {
        try Configuration.load(
            file: file, sections: Assembly.sections,
            layering: FleetLayering.layering(store: store), check: { _ in })
    }

    @Test("all, the group, then the device, each over the one before; none without accept_config")
    func order() throws {
        let file = try Self.local()
        let all = #"[layout]"# + "\nviews = [\"clock\", \"widgets\"]\n"
        let store = Self.store([("all", all)])
        let one = try Self.load(file, store)
        #expect(one.layout.views.map(\.rawValue) == ["clock", "widgets"])
        let group = "[layout]\nviews = [\"clock\"]\n"
        let device = "[layout]\nviews = [\"widgets\"]\n"
        let three = Self.store([("device/d1", device), ("all", all), ("group/g", group)])
        let layered = try Self.load(file, three)
        #expect(layered.layout.views.map(\.rawValue) == ["widgets"])
        #expect(layered.file == file)
        #expect(three.report(layers: ["all", "group/g", "device/d1"]).layers.count == 3)
        // Another group's document is not this display's.
        let other = try Self.load(file, Self.store([("group/h", group)]))
        #expect(other.layout.views.map(\.rawValue) == ["widgets", "clock"])
        let off = try Self.local()
        try String(contentsOfFile: off, encoding: .utf8)
            .replacingOccurrences(of: "accept_config = true", with: "accept_config = false")
            .write(toFile: off, atomically: true, encoding: .utf8)
        let refused = try Self.load(off, three)
        #expect(refused.layout.views.map(\.rawValue) == ["widgets", "clock"])
    }

    /// The error loading `document` as the `all` layer over the file with `fleet` lines.
    static func refusal(_ document: String, _ fleet: [String] = []) -> ConfigurationError? {
        let store = FleetConfigStore()
        _ = store.offer(layer: "all", payload: Array(document.utf8))
        _ = store.nextTrial()
        do {
            _ = try load(try local(fleet), store)
            return nil
        } catch let error as ConfigurationError {
            return error
        } catch {
            return ConfigurationError(file: "?", line: nil, key: nil, message: "\(error)")
        }
    }

    @Test("a program, a file outside remote_paths, [mqtt]: refused at the key, unless allowed")
    func hostile() throws {
        let program = "[ambient]\nsensor_command = [\"/bin/sh\", \"-c\", \"id\"]\n"
        let revision = FleetConfigStore.revision(of: Array(program.utf8))
        let error = try #require(Self.refusal(program))
        #expect(error.file == "fleet/all@\(revision)")
        #expect(error.line == 2)
        #expect(error.key == "[ambient] sensor_command")
        #expect(error.message.contains("may not set what runs a program"))
        #expect(error.message.contains(#"remote_keys = ["ambient.sensor_command"]"#))
        #expect(Self.refusal(program, [#"remote_keys = ["ambient.sensor_command"]"#]) == nil)

        let file = "[ambient]\nsensor_file = \"/etc/shadow\"\n"
        let outside = try #require(Self.refusal(file))
        #expect(outside.message.contains(#"may not name "/etc/shadow""#), "\(outside)")
        let allowed = [#"remote_paths = ["/srv/lux"]"#]
        #expect(Self.refusal("[ambient]\nsensor_file = \"/srv/lux/now\"\n", allowed) == nil)
        #expect(Self.refusal("[ambient]\nsensor_file = \"/srv/lux/../x\"\n", allowed) != nil)
        #expect(Self.refusal("[ambient]\nsensor_file = \"/srv/luxe/x\"\n", allowed) != nil)
        #expect(Self.refusal(file, [#"remote_keys = ["ambient.sensor_file"]"#]) == nil)

        let widget = """
            [[widget]]
            kind = "command"
            command = ["/usr/bin/id"]
            [[slot]]
            widgets = ["command"]
            """
        let run = try #require(Self.refusal(widget))
        #expect(run.key == "[[widget]] #1 command" && run.line == 3, "\(run)")
        #expect(run.message.contains(#"remote_keys = ["widget.command"]"#))
        let links = "[input.links]\nssh = [\"/usr/bin/ssh\", \"{url}\"]\n"
        #expect(Self.refusal(links)?.message.contains(#""input.links""#) == true)

        let broker = try #require(Self.refusal("[mqtt]\nurl = \"mqtt://evil\"\n"))
        #expect(broker.message.contains("may not set [mqtt]"), "\(broker)")
        #expect(Self.refusal("[fleet]\naccept_config = false\n") != nil)
        #expect(Self.refusal("[layout\n")?.message.contains("not valid TOML") == true)
    }

    @Test("a bad document never replaces a good one; too big or not text: refused at once")
    func store() throws {
        let store = Self.store([("all", "[layout]\nviews = [\"clock\"]\n")])
        let good = store.report(layers: ["all"]).layers["all"]
        #expect(
            store.offer(layer: "all", payload: Array("[layout]\nviews = [\"clock\"]\n".utf8))
                == .same)
        #expect(store.offer(layer: "all", payload: Array("[nope]\n".utf8)) == .queued)
        let trial = try #require(store.nextTrial())
        #expect(store.documents(layers: ["all"]).first?.text == "[nope]\n")
        #expect(store.nextTrial() == nil)  // one at a time
        _ = trial
        store.finish(applied: false, message: "unknown table [nope]")
        let report = store.report(layers: ["all"])
        #expect(report.layers["all"] == good)
        #expect(report.refused?.error == "unknown table [nope]")
        #expect(store.documents(layers: ["all"]).first?.text == "[layout]\nviews = [\"clock\"]\n")

        let big = [UInt8](repeating: UInt8(ascii: "#"), count: FleetConfigStore.limit + 1)
        guard case .refused(let refusal) = store.offer(layer: "all", payload: big) else {
            Issue.record("a document over the limit was taken")
            return
        }
        #expect(refusal.error.contains("65537 bytes: expected at most 65536 bytes"))
        guard case .refused(let binary) = store.offer(layer: "all", payload: [0xff, 0xfe]) else {
            Issue.record("bytes that are no UTF-8 were taken")
            return
        }
        #expect(binary.error.contains("expected TOML in UTF-8"))
        #expect(store.report(layers: ["all"]).layers["all"] == good)
    }

    @Test("kept in the state directory, read back after a restart; a link there is refused")
    func kept() throws {
        let folder = URL(fileURLWithPath: try Self.local()).deletingLastPathComponent().path
        let store = FleetConfigStore()
        #expect(store.open(directory: folder) == nil)
        _ = store.offer(layer: "group/g", payload: Array("[layout]\nviews = [\"clock\"]\n".utf8))
        _ = store.nextTrial()
        store.finish(applied: true, message: "applied")
        let path = FleetConfigStore.path(in: folder)
        let deadline = Date().addingTimeInterval(10)
        while !FileManager.default.fileExists(atPath: path), Date() < deadline { usleep(10_000) }
        let restarted = FleetConfigStore()
        #expect(restarted.open(directory: folder) == nil)
        #expect(restarted.documents(layers: ["all", "group/g"]).map(\.layer) == ["group/g"])

        let elsewhere = folder + "/elsewhere.json"
        try FileManager.default.moveItem(atPath: path, toPath: elsewhere)
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: elsewhere)
        let linked = FleetConfigStore()
        let problem = try #require(linked.open(directory: folder))
        #expect(problem.contains("link"), "\(problem)")
        #expect(linked.documents(layers: ["group/g"]).isEmpty)
    }
}
