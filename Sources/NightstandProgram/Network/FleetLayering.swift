import Network
import Standby
import SystemSupport

/// A fleet's configuration from the broker laid over the configuration file: the documents
/// of ``Network/FleetConfigStore`` for the layers of the file's `[fleet]` (all, its groups,
/// itself), each vetted by ``Network/FleetConfigPolicy``; none without `accept_config`.
enum FleetLayering {
    /// The layering the reloader and the start use.
    static func layering(store: FleetConfigStore = .shared) -> ConfigurationLayering {
        ConfigurationLayering(
            layers: { local in
                guard let fleet = accepting(local) else { return [] }
                let layers = fleet.topics.configLayers(id: fleet.id, groups: fleet.groups)
                return store.documents(layers: layers.map(\.layer)).map {
                    ConfigurationLayer(name: $0.name, text: $0.text)
                }
            },
            vet: { document, local throws(ConfigurationError) in
                guard let fleet = accepting(local) else { return }
                try FleetConfigPolicy(settings: fleet).vet(document)
            })
    }

    /// The file's `[fleet]` when it takes configuration from the broker.
    static func accepting(_ configuration: Configuration) -> FleetSettings? {
        guard let fleet = configuration.section(FleetSection.self)?.settings, fleet.acceptConfig
        else { return nil }
        return fleet
    }

    /// The configuration to start with: `local` (the file, checked) with the documents kept
    /// in the state directory laid over it; `local` alone, the reason logged and published,
    /// when they make it invalid.
    static func starting(
        _ local: Configuration, reloader: ConfigurationReloader, log: Logger,
        store: FleetConfigStore = .shared, registry: WidgetRegistry
    ) -> Configuration {
        guard accepting(local) != nil else { return local }
        if let problem = store.open(directory: local.stateDirectory) {
            log.error("fleet: \(problem)")
        }
        if local.stateDirectory == nil {
            log.warning(
                "fleet: no state directory ($STATE_DIRECTORY): the configuration from the broker "
                    + "is not kept across a restart")
        }
        do {
            return try reloader.load(registry: registry)
        } catch {
            log.error(
                "fleet: starting on the file alone, the kept configuration is refused: \(error)")
            store.refuseKept("\(error)")
            return local
        }
    }
}
