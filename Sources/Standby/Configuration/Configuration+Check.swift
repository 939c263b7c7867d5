import Display
import FoundationEssentials
import Raster
import Settings
import Widgets

extension Configuration {
    /// Checks what reading the file alone cannot; returns the widgets made.
    ///
    /// `nightstand run` checks this before it opens the display and `nightstand check-config`
    /// without one: every widget is made from its options once, and the layout is checked on
    /// the screen when its size is known (``knownScreenSize``).
    ///
    /// ```swift
    /// let configuration = try Configuration.load(file: "board.toml")
    /// let widgets = try configuration.check(registry: WidgetRegistry(BuiltinWidgets.all))
    /// ```
    ///
    /// Throws ``Settings/ConfigurationError`` at the key to change.
    @discardableResult
    public func check(registry: WidgetRegistry) throws -> [WidgetDescriptor] {
        let widgets = try registry.makeWidgets(for: self)
        if let screen = knownScreenSize { try checkLayout(on: screen) }
        return widgets
    }

    /// Checks that the layout shows something on a screen of `screen` pixels: every slot at
    /// least ``SceneLayout/smallestSlot`` square, and the burn-in shift keeping at least half
    /// of each slot on the screen.
    public func checkLayout(on screen: PixelSize) throws(ConfigurationError) {
        let count = layout.views.contains(.widgets) ? slots.count : 1
        guard let (key, message) = SceneLayout.problem(layout, screen: screen, count: count)
        else { return }
        let path = key.map { "layout.\($0)" } ?? "layout"
        throw error(at: path, key: key.map { "[layout] \($0)" } ?? "[layout]", message)
    }

    /// The screen size the file fixes before any display is opened: the `[display]` mode
    /// turned by the rotation, or the headless size when the backend is headless; nil when
    /// the panel decides (a DRM or fbdev display without a mode), which `run` checks once the
    /// display is open.
    public var knownScreenSize: PixelSize? {
        if display.mode != nil || display.backend == .headless { return expectedScreenSize }
        return nil
    }
}
