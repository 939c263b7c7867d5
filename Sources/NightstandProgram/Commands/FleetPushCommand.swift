import ArgumentParser
import FoundationEssentials
import Network
import Standby
import SystemSupport

/// `nightstand fleet push`: a configuration document for every display, a group or one.
struct FleetPushCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "push",
        abstract: "Give every display, a group or one a configuration document through the broker.",
        discussion: """
            Checks FILE first (at most 64 KiB of TOML; every table and key as check-config \
            reads them, laid over the --config file when one is given; no [fleet], [mqtt] or \
            [http]), then publishes it retained on the target's configuration topic and waits \
            for each online target to apply or refuse it (docs/fleet.md). Exits with status 0 \
            when every target applied it, 1 when one refused it, did not answer or is offline, \
            65 when FILE is refused here, 69 when the broker can't be reached.
            """)

    @OptionGroup var target: FleetTargetOptions

    @Argument(help: "The configuration document (TOML).")
    var file: String

    @OptionGroup var options: FleetOptions

    func run() throws {
        let target = try self.target.target()
        let document: [UInt8]
        do throws(FleetPushFailure) {
            document = try check()
        } catch {
            writeStandardError("nightstand fleet push: \(error.description)")
            throw ExitCode(65)
        }
        let fleet = try options.connect()
        defer { fleet.stop() }
        let outcomes = fleet.push(
            document, to: target, timeout: .milliseconds(Int(options.timeout * 1000)))
        print("revision \(FleetConfigStore.revision(of: document))")
        if outcomes.isEmpty || outcomes.values.contains(.offline) {
            print("kept on the broker: a display not online applies it when it connects")
        }
        try FleetTargetOptions.report(outcomes)
    }

    /// The file's bytes once checked, or what is wrong with them.
    func check() throws(FleetPushFailure) -> [UInt8] {
        let bytes: [UInt8]
        switch BoundedFile.read(file, limit: FleetConfigStore.limit) {
        case .success(let read): bytes = read
        case .failure(let error): throw FleetPushFailure(description: "\(file): \(error.reason)")
        }
        do {
            let check: (Configuration) throws -> Void = {
                try $0.check(registry: WidgetKinds.registry)
            }
            if let base = options.configuration.file {
                let text = String(decoding: bytes, as: UTF8.self)
                let layering = ConfigurationLayering(
                    layers: { _ in [ConfigurationLayer(name: file, text: text)] },
                    vet: { document, _ throws(ConfigurationError) in
                        try FleetConfigPolicy.vetLocalOnly(document)
                    })
                _ = try Configuration.load(
                    file: base, sections: Assembly.sections, layering: layering, check: check)
            } else {
                let alone = try Configuration.load(
                    file: file, sections: Assembly.sections, layering: nil, check: check)
                let set = [
                    ("fleet", alone.section(FleetSection.self)?.settings != nil),
                    ("mqtt", alone.section(MQTTSection.self)?.settings != nil),
                    ("http", alone.section(HTTPSection.self)?.settings != nil),
                ]
                for (section, present) in set where present {
                    throw FleetPushFailure(
                        description: "\(file): [\(section)]: "
                            + FleetConfigPolicy.localOnlyWords(section))
                }
            }
        } catch let failure as FleetPushFailure {
            throw failure
        } catch {
            throw FleetPushFailure(description: "\(error)")
        }
        return bytes
    }
}

/// Why `fleet push` refused a file before publishing it.
struct FleetPushFailure: Error {
    let description: String
}
