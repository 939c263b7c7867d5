import Foundation
import NightstandKit
import Testing

// Every API docs/porting.md's "Where we differ" table marks supported or differs, used as a
// widget author uses it, with only `import NightstandKit`: this file compiling is the check
// that they compile. The test below checks that the table and this file name the same APIs.

#if compiler(>=6.1)
    /// A model as an iOS app writes one (Observation needs Swift 6.1: see docs/porting.md).
    @Observable
    private final class Prices {
        var coins = ["BTC", "ETH"]
    }

    /// The Observation module is NightstandKit's to re-export.
    private nonisolated(unsafe) let observable: any Observation.Observable.Type = Prices.self
#endif

/// Reads the model from the environment.
private struct PriceList: View {
    #if compiler(>=6.1)
        @Environment(Prices.self) private var prices
        private var coins: [String] { prices.coins }
    #else
        private let coins = ["BTC", "ETH"]
    #endif
    @Environment(\.layoutDirection) private var layoutDirection
    @State private var isExpanded = false

    var body: some View {
        let expanded: Binding<Bool> = $isExpanded
        LazyVStack(alignment: .leading) {
            Section("Coins") {
                ForEach(coins, id: \.self) { Text($0).id($0) }
            }
        }
        .truncationMode(.middle)
        .allowsTightening(expanded.wrappedValue)
        .fontWidth(.condensed)
        .environment(\.layoutDirection, layoutDirection)
    }
}

/// A price styled by runs, as SwiftUI's attribute scope writes it.
private var attributedPrice: AttributedString {
    var price = AttributedString("BTC ")
    price.font = .headline
    var change = AttributedString("+2.4%")
    change.foregroundColor = .green
    change.underlineStyle = .single
    change.strikethroughStyle = Text.LineStyle(pattern: .dash)
    return price + change
}

/// A shape as iOS 26 writes it, with the macros.
@Animatable
private struct Sweep: Shape {
    var fraction: Double
    var width: CGFloat
    @AnimatableIgnored var label: String

    func path(in rect: CGRect) -> Path {
        Path(CGRect(x: 0, y: 0, width: rect.width * fraction, height: width))
    }
}

/// The vectors the macro builds on.
private func sweepData() -> AnimatablePair<Double, CGFloat> {
    var sweep = Sweep(fraction: 0.5, width: 4, label: "Sweep")
    withAnimation(.spring(response: 0.4, dampingFraction: 0.8)) {
        sweep.animatableData = sweep.animatableData.scaled(by: 2)
    }
    let empty: EmptyAnimatableData = Circle().animatableData
    let vector: some VectorArithmetic = empty
    return vector.magnitudeSquared == 0 ? sweep.animatableData : .zero
}

/// The supported and differing APIs of the table, in one widget view.
private struct PortingUsage: View {
    #if compiler(>=6.1)
        let prices = Prices()
    #endif
    let family = WidgetFamily.systemExtraLarge
    // Computed: Swift 6.0.3's compiler crashes on a stored `some ShapeStyle` property.
    var innerShadowed: some ShapeStyle { Color.blue.shadow(.inner(radius: 3, y: 1)) }

    var body: some View {
        VStack {
            Canvas { context, size in
                let graphics: GraphicsContext = context
                graphics.fill(
                    Path(ellipseIn: CGRect(origin: .zero, size: size)), with: .color(.orange))
            }
            .frame(height: 20)
            .blur(radius: 2)
            Text(family.description + family.debugDescription)
                .fontWidth(.expanded)
                .accessibilityLabel("Family")
                .accessibilityValue("extra large")
                .accessibilityHint("The widget's size")
            Image(systemName: "star").accessibilityHidden(true).hidden()
            LazyHStack {
                Color.red.clipShape(.circle)
                Color.green.clipShape(.capsule)
                Color.blue.clipShape(.ellipse)
                Color.gray.clipShape(.rect)
                Color.gray.clipShape(.rect(cornerRadius: 4))
                Color.gray.clipShape(.containerRelative)
                Circle().fill(.orange).stroke(.white, lineWidth: 2)
                Capsule().fill(.blue).strokeBorder(.white, style: StrokeStyle(lineWidth: 1))
                UnevenRoundedRectangle(topLeadingRadius: 4, bottomTrailingRadius: 4).fill(.red)
                Color.gray.clipShape(.rect(topLeadingRadius: 6))
                Path(
                    roundedRect: CGRect(x: 0, y: 0, width: 8, height: 8),
                    cornerRadii: RectangleCornerRadii(topLeading: 2)
                )
                .fill(.white)
                Color.gray.clipShape(.capsule(style: .continuous))
                Sweep(fraction: sweepData().first, width: 3, label: "Sweep")
                    .fill(innerShadowed)
                Circle().fill(.shadow(ShadowStyle.drop(radius: 2)))
            }
            Canvas { context, _ in
                let resolved: GraphicsContext.ResolvedText = context.resolve(Text("12°"))
                context.draw(resolved, at: .zero, anchor: .topLeading)
            }
            .frame(height: 20)
            Text(attributedPrice)
                .accessibilityAddTraits(AccessibilityTraits.isSummaryElement)
                .accessibilityRemoveTraits(.isImage)
            // Asset catalogs: the names are not in a catalog here, so they draw clear and a
            // placeholder (logged once).
            Color("BrandBlue").frame(height: 1)
            Color(ColorResource(name: "BrandBlue", bundle: .main)).frame(height: 1)
            Image("ClimeClear").hidden()
            Image(ImageResource(name: "ClimeClear", bundle: .main)).hidden()
                .accessibilityElement(children: .combine)
            ViewThatFits {
                #if compiler(>=6.1)
                    PriceList().environment(prices)
                #else
                    PriceList()
                #endif
                ContentUnavailableView("No Prices", systemImage: "magnifyingglass")
            }
            .transition(.asymmetric(insertion: AnyTransition.opacity, removal: .scale))
            .animation(Animation.smooth, value: family)
            .preferredColorScheme(.dark)
            .ignoresSafeArea()
        }
    }
}

/// A preview as Xcode's template writes one (drawn by NightstandKitTests' PreviewTests too).
#Preview("Porting", as: .systemSmall) {
    PortingWidget()
} timeline: {
    PortingEntry(date: .distantPast)
}

/// A view's preview.
#Preview {
    PortingUsage()
}

private struct PortingEntry: TimelineEntry {
    let date: Date
}

private struct PortingWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "porting", provider: PortingProvider()) { _ in PortingUsage() }
    }
}

private struct PortingProvider: TimelineProvider {
    func placeholder(in context: Context) -> PortingEntry { PortingEntry(date: context.date) }

    func getSnapshot(in context: Context, completion: @escaping (PortingEntry) -> Void) {
        completion(placeholder(in: context))
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<PortingEntry>) -> Void) {
        completion(Timeline(entries: [placeholder(in: context)], policy: .never))
    }
}

@Suite("PortingTable")
struct PortingTableTests {
    /// The repository's root, from this file's path.
    private var root: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
    }

    /// The names in backticks of the first column of the table's rows with a status of
    /// supported or differs: `blur(radius:opaque:)` gives `blur`, `.rect` gives `rect`.
    private func listedNames() throws -> [String] {
        let doc = try String(
            contentsOf: root.appendingPathComponent("docs/porting.md"), encoding: .utf8)
        let section = try #require(doc.components(separatedBy: "## Where we differ").last)
        var names: [String] = []
        for line in section.split(separator: "\n") where line.hasPrefix("| `") {
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 3, cells[1] == "supported" || cells[1] == "differs" else {
                continue
            }
            for (i, piece) in cells[0].split(separator: "`", omittingEmptySubsequences: false)
                .enumerated() where i % 2 == 1
            {
                let name = piece.drop { $0 == "." || $0 == "@" || $0 == "#" }.prefix {
                    $0.isLetter || $0.isNumber
                }
                names.append(String(name))
            }
        }
        return names
    }

    @Test("every API the porting table lists as supported or differing is used in this file")
    func tableMatchesUsage() throws {
        let names = try listedNames()
        #expect(names.count >= 35)
        let source = try String(contentsOfFile: "\(#filePath)", encoding: .utf8)
        let usage = try #require(source.components(separatedBy: "@Suite(").first)
        for name in names {
            let word = try Regex("\\b\(name)\\b").wordBoundaryKind(.simple)
            #expect(
                usage.contains(word), "docs/porting.md lists `\(name)`; this file doesn't use it")
        }
    }

    @Test("the usage renders: every listed API runs, not only compiles")
    func usageRenders() {
        let elements = accessibilityElements(
            of: PortingUsage(), size: WidgetFamily.systemExtraLarge.size)
        #expect(elements.contains { $0.label == "Family" && $0.value == "extra large" })
        #expect(elements.contains { $0.traits.contains(.isSummaryElement) })
        #expect(sweepData().first == 1)
        // ViewThatFits shows the list or, when it has no room, the unavailable view.
        #expect(elements.contains { $0.label == "BTC" || $0.label == "No Prices" })
        #if compiler(>=6.1)
            #expect(ObjectIdentifier(observable) == ObjectIdentifier(Prices.self))
        #endif
    }
}
