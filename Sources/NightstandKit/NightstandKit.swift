// What a widget author imports, in place of `import SwiftUI` and `import WidgetKit`: the
// program's module (Foundation, the views, the WidgetKit model, `@main` for a bundle) and the
// `#Preview` macro. The `nightstand` program imports NightstandProgram itself, so that its
// build compiles no swift-syntax (the macro's implementation, NightstandMacros).
@_exported import NightstandProgram

/// Declares a preview of a widget in a family with a timeline of entries, as WidgetKit's
/// `#Preview(as:widget:timeline:)`: the program's `previews` command draws one picture per
/// entry, by day and at night, and NightstandTesting's `assertPreviews` checks them against
/// goldens.
///
/// ```swift
/// #Preview("Spring tide", as: .systemSmall) {
///     TideWidget()
/// } timeline: {
///     TideEntry(date: .now, level: 0.2)
///     TideEntry(date: .now, level: 0.9)
/// }
/// ```
@freestanding(declaration)
public macro Preview<W: Widget, Entry: TimelineEntry>(
    _ name: String? = nil, as family: WidgetFamily, widget: () -> W,
    @PreviewTimelineBuilder<Entry> timeline: () -> [Entry]
) = #externalMacro(module: "NightstandMacros", type: "PreviewMacro")

/// Declares a preview of a widget in a family with the timeline its provider gives, as
/// WidgetKit's `#Preview(as:widget:timelineProvider:)`.
///
/// ```swift
/// #Preview(as: .systemMedium) {
///     TideWidget()
/// } timelineProvider: {
///     TideProvider()
/// }
/// ```
@freestanding(declaration)
public macro Preview<W: Widget, Provider: TimelineProvider>(
    _ name: String? = nil, as family: WidgetFamily, widget: () -> W,
    timelineProvider: () -> Provider
) = #externalMacro(module: "NightstandMacros", type: "PreviewMacro")

/// Declares a preview of a view, as SwiftUI's `#Preview(_:body:)`: drawn edge to edge in the
/// small family's square.
///
/// ```swift
/// #Preview("Gauge") {
///     GaugeView(value: 0.4)
/// }
/// ```
@freestanding(declaration)
public macro Preview(_ name: String? = nil, @ViewBuilder body: @escaping () -> any View) =
    #externalMacro(module: "NightstandMacros", type: "PreviewMacro")

/// Synthesizes `Animatable` and its `animatableData` from the type's stored `var`s, as
/// SwiftUI's macro: one property is its own `AnimatableData`, more are nested
/// ``AnimatablePair``s in their order. Each property's type must be written out; a property
/// of a type that can't animate (`Bool`, `String`, `Color` …) is marked `@AnimatableIgnored`.
@attached(extension, conformances: Animatable)
@attached(member, names: named(animatableData))
public macro Animatable() = #externalMacro(module: "NightstandMacros", type: "AnimatableMacro")

/// Leaves a property out of what `@Animatable` synthesizes.
@attached(accessor, names: named(willSet))
public macro AnimatableIgnored() =
    #externalMacro(module: "NightstandMacros", type: "AnimatableIgnoredMacro")
