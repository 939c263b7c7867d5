import Raster
import Testing

@testable import WidgetUI

@Suite("Label")
struct LabelTests {
    private let context = ImageTestContext()

    private func place(_ view: some View) -> PlacedView {
        layout(view, in: Size(width: 300, height: 100), environment: context.environment)
    }

    /// The middle of the capitals of the first text in `placed`.
    private func capMiddle(_ placed: PlacedView, size: Double = 17) throws -> Double {
        let text = try #require(placed.all("Text").first)
        guard case .text(let run) = text.drawing.first else {
            Issue.record("expected text")
            return .nan
        }
        let capHeight = try #require(context.fonts).face().metrics(size: size).capHeight
        return text.frame.minY + run.layout.firstBaseline - capHeight / 2
    }

    @Test("icon, 8 points, title; the symbol centered on the title's capitals")
    func titleAndIcon() throws {
        let placed = place(Label("Sunny", systemImage: "sun.max.fill"))
        let icon = try #require(placed.all("Image").first?.frame)
        let title = try #require(placed.all("Text").first?.frame)
        #expect(icon.size == Size(width: 20.4, height: 20.4))
        #expect(title.minX == icon.maxX + 8)
        #expect(try abs(icon.midY - capMiddle(placed)) < 1e-9)
    }

    @Test("any icon view is centered on the capitals: a small circle, a PNG")
    func customIcons() throws {
        let dot = place(
            Label {
                Text("Battery")
            } icon: {
                Circle().frame(width: 8, height: 8)
            })
        let circle = try #require(dot.all("Circle").first?.frame)
        #expect(circle.size == Size(width: 8, height: 8))
        #expect(try abs(circle.midY - capMiddle(dot)) < 1e-9)
        let picture = place(Label("Landscape", image: "landscape"))
        let image = try #require(picture.all("Image").first?.frame)
        #expect(image.size == Size(width: 48, height: 32))
        #expect(try abs(image.midY - capMiddle(picture)) < 1e-9)
        #expect(context.log.messages.isEmpty)
    }

    @Test("titleOnly and iconOnly show one part; the innermost labelStyle wins")
    func styles() {
        let titleOnly = place(Label("Home", systemImage: "house.fill").labelStyle(.titleOnly))
        #expect(titleOnly.all("Image").isEmpty)
        #expect(titleOnly.all("Text").count == 1)
        let iconOnly = place(Label("Home", systemImage: "house.fill").labelStyle(.iconOnly))
        #expect(iconOnly.all("Image").count == 1)
        #expect(iconOnly.all("Text").isEmpty)
        let nested = place(
            VStack {
                Label("Home", systemImage: "house.fill").labelStyle(.titleAndIcon)
                Label("Car", systemImage: "car.fill")
            }.labelStyle(.iconOnly))
        #expect(nested.all("Image").count == 2)
        #expect(nested.all("Text").count == 1)
        let automatic = place(Label("Home", systemImage: "house.fill").labelStyle(.automatic))
        #expect(automatic.all("Image").count == 1 && automatic.all("Text").count == 1)
    }

    private struct StackedLabelStyle: LabelStyle {
        func makeBody(configuration: Configuration) -> some View {
            VStack(spacing: 2) {
                configuration.icon
                configuration.title
            }
        }
    }

    @Test("a custom style lays out the configuration's title and icon")
    func customStyle() throws {
        let placed = place(Label("Wind", systemImage: "wind").labelStyle(StackedLabelStyle()))
        let icon = try #require(placed.all("Image").first?.frame)
        let title = try #require(placed.all("Text").first?.frame)
        #expect(title.minY == icon.maxY + 2)
        #expect(abs(title.midX - icon.midX) < 1e-9)
    }

    @Test("the label's font sizes both its title and its symbol")
    func font() throws {
        let placed = place(Label("72°", systemImage: "thermometer").font(.title))
        let icon = try #require(placed.all("Image").first?.frame)
        #expect(icon.size == Size(width: 28 * 1.2, height: 28 * 1.2))
        #expect(try abs(icon.midY - capMiddle(placed, size: 28)) < 1e-9)
    }
}
