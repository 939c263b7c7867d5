import FoundationEssentials
import Widgets

/// The widgets a configuration makes: each instance's timeline, in configuration order, the
/// slots' stacks over them, where their reload requests come from, and how long a provider
/// may take.
final class WidgetSet {
    /// What the widgets were made from: the instances and their families.
    let scene: Scene
    /// The widget instances, in the order of the scene's widgets.
    let runtimes: [WidgetRuntime]
    /// The slots' stacks.
    var stacks: SlotStacks
    /// Where widgets and the program ask for timelines to be reloaded.
    let center: WidgetCenter
    /// The provider timeout, in seconds.
    let providerTimeout: TimeInterval

    init(
        scene: Scene, runtimes: [WidgetRuntime], center: WidgetCenter,
        providerTimeout: TimeInterval
    ) {
        self.scene = scene
        self.runtimes = runtimes
        stacks = SlotStacks(scene.configuration.slots, ids: runtimes.map(\.id))
        self.center = center
        self.providerTimeout = providerTimeout
    }

    /// The instance slot `slot`'s stack shows at `now`.
    func shown(ofSlot slot: Int, at now: Date) -> Int {
        stacks.shown(ofSlot: slot, at: now) { runtimes[$0].relevance(at: now).score }
    }

    /// The instance each slot shows at `now`, left to right.
    func shown(at now: Date) -> [Int] {
        stacks.slots.indices.map { shown(ofSlot: $0, at: now) }
    }

    /// The index of the full-screen clock's instance, where a view shows it.
    var clockRuntime: Int? {
        runtimes.firstIndex { $0.id == Scene.clockID }
    }

    /// Whether a provider is fetching.
    var isFetching: Bool {
        runtimes.contains { $0.fetch != nil }
    }
}
