import Ambient
import Display
import FoundationEssentials
import Raster
import SystemSupport
import WidgetUI
import Widgets

/// How a running host reads its configuration again (`nightstand reload --config`, SIGHUP):
/// the file, the other modules' sections, what the command line overrides, and how to open a
/// display whose settings changed.
///
/// ```swift
/// let reloader = ConfigurationReloader(
///     file: "/etc/nightstand/nightstand.toml", sections: [],
///     adjust: { $0.display.backend = .drm },        // what --backend said
///     openDisplay: { try $0.openSink { print($0) } })
/// ```
public struct ConfigurationReloader: Sendable {
    /// The file to read.
    public let file: String
    /// The sections of other modules, read with the rest.
    public let sections: [any ConfigurationSection.Type]
    /// What the command line overrides, applied to every version of the file.
    public let adjust: @Sendable (inout Configuration) -> Void
    /// Opens the display of a changed `[display]`; nil keeps the display open as it is.
    public let openDisplay: (@Sendable (DisplayConfiguration) throws -> any FrameSink)?
    /// Makes a changed `[display] locale` the display's (nil: the process's `LANG`).
    public let setLocale: @Sendable (String?) -> Void
    /// The documents laid over the file (a fleet's configuration from the broker).
    public let layering: ConfigurationLayering?

    /// A reloader of `file`.
    public init(
        file: String, sections: [any ConfigurationSection.Type] = [],
        adjust: @escaping @Sendable (inout Configuration) -> Void = { _ in },
        openDisplay: (@Sendable (DisplayConfiguration) throws -> any FrameSink)? = nil,
        setLocale: @escaping @Sendable (String?) -> Void = EnvironmentValues.setDisplayLocale,
        layering: ConfigurationLayering? = nil
    ) {
        self.file = file
        self.sections = sections
        self.adjust = adjust
        self.openDisplay = openDisplay
        self.setLocale = setLocale
        self.layering = layering
    }

    /// The file, with its layers, read and checked as `check-config` does, with the
    /// overrides applied.
    public func load(registry: WidgetRegistry) throws -> Configuration {
        var configuration = try Configuration.load(
            file: file, sections: sections, layering: layering
        ) { configuration in
            var adjusted = configuration
            adjust(&adjusted)
            try adjusted.check(registry: registry)
        }
        adjust(&configuration)
        return configuration
    }
}

extension StandbyHost {
    /// Reads the configuration file again and applies it without restarting or blanking.
    ///
    /// The whole file is read and checked first, as `check-config` does; an invalid file is
    /// refused with the same message and nothing changes. A valid one then takes effect on
    /// this turn: widgets whose table is unchanged keep their timelines, new ones fetch, the
    /// layout, stacks, ambient settings and appearance are replaced and every slot is drawn
    /// again in one frame; a changed `[display]` closes the display and opens the new one (a
    /// new mode-set), going back to the old one if the new cannot be opened, except a changed
    /// `locale` alone, which the same frame is drawn in. Sources hear the new configuration (``EventSource/configurationChanged(_:)``).
    func reloadConfiguration() -> Result<String, ConfigurationError> {
        guard let reloader = assembly.reloader else {
            return .failure(
                ConfigurationError(
                    file: configuration.file ?? "<defaults>", line: nil, key: nil,
                    message: "nothing to reload: this nightstand was started without --config"))
        }
        let new: Configuration
        do {
            new = try reloader.load(registry: assembly.registry)
        } catch let error as ConfigurationError {
            log.error("configuration not reloaded, the display keeps the old one: \(error)")
            return .failure(error)
        } catch {
            let failure = ConfigurationError(
                file: reloader.file, line: nil, key: nil, message: "\(error)")
            log.error("configuration not reloaded: \(failure)")
            return .failure(failure)
        }
        do {
            let summary = try apply(
                new.controlled(by: controlMemory.load()), reloader: reloader)
            log.notice("configuration reloaded from \(reloader.file): \(summary)")
            return .success(summary)
        } catch {
            log.error("configuration not reloaded, the display keeps the old one: \(error)")
            return .failure(error)
        }
    }

    /// Puts `new` in place of the running configuration; returns what changed.
    private func apply(_ new: Configuration, reloader: ConfigurationReloader)
        throws(ConfigurationError) -> String
    {
        let old = configuration
        var changes: [String] = []
        var display = new.display
        display.vtSwitchSignals = old.display.vtSwitchSignals
        var screen = display
        screen.locale = old.display.locale  // a language changes no screen
        if screen != old.display {
            guard let open = reloader.openDisplay else {
                throw new.error(
                    at: "display", key: "[display]",
                    "expected the display settings the display was opened with (this nightstand "
                        + "cannot open another display); restart it to change them")
            }
            try reopenDisplay(display, new: new, open: open)
            changes.append("display reopened (\(sink.size))")
        }
        if display.locale != old.display.locale {
            reloader.setLocale(display.locale)
            changes.append("locale \(display.locale ?? EnvironmentValues.processLocale.identifier)")
        }
        let now = clock.now
        let previous = widgets
        let (made, kept) = try assembly.widgets(
            for: new, on: sink.size, at: now, keeping: previous, center: previous.center,
            providerTimeout: previous.providerTimeout)
        for runtime in previous.runtimes where !made.runtimes.contains(where: { $0 === runtime }) {
            runtime.cancelFetch()
        }
        widgets = made
        changes.append(
            "\(made.runtimes.count) widget(s), \(kept) kept, \(made.runtimes.count - kept) new")
        if new.layout != old.layout { changes.append("layout") }
        views = assembly.screen(for: new, on: sink.size, widgets: made, keeping: views)
        if new.photos != old.photos { changes.append("photos") }
        if new.ambient != old.ambient || new.appearance != old.appearance {
            // The brightness commands chose stays over the file's.
            use(levels(new.ambient), appearance: new.appearance)
            changes.append(new.ambient != old.ambient ? "ambient, appearance" : "appearance")
        }
        alarms.update(new, at: now)
        configuration = new
        configuration.display = display
        sources.configurationChanged(configuration)
        status.publish(currentStatus(at: now))
        return changes.joined(separator: ", ")
    }

    /// Closes the display and opens the one `display` describes through `open`, checking
    /// `new`'s layout on its screen; on failure opens the old display again and throws.
    func reopenDisplay(
        _ display: DisplayConfiguration, new: Configuration,
        open: (DisplayConfiguration) throws -> any FrameSink
    ) throws(ConfigurationError) {
        let previous = configuration.display
        sink.close()
        do {
            let opened = try open(display)
            do {
                try Scene(new).configuration.checkLayout(on: opened.size)
            } catch {
                opened.close()
                throw error
            }
            replaceSink(opened)
        } catch {
            let failure =
                error as? ConfigurationError
                ?? new.error(
                    at: "display", key: "[display]",
                    "the new display could not be opened: \(error)")
            do {
                replaceSink(try open(previous))
            } catch {
                log.critical("display: the old display could not be opened again: \(error)")
                stopped = true
            }
            throw failure
        }
    }

    /// Draws on `sink` from now on: the screen made anew for its size, everything drawn
    /// again.
    private func replaceSink(_ new: any FrameSink) {
        output = DisplayOutput(sink: new)
        views = assembly.screen(
            for: configuration, on: new.size, widgets: widgets, keeping: views)
        if appearance == .off {
            do {
                try sink.blank(true)
            } catch {
                log.error("display: blanking: \(error)")
            }
        }
    }
}
