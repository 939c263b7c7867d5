import Foundation
import Raster
import Testing
import WidgetUI

@testable import Widgets

/// What WidgetKit code ported from iOS relies on in the widget model.
@Suite("WidgetKit compatibility")
struct WidgetCompatibilityTests {
    private struct MarginProbe: View {
        @Environment(\.widgetContentMargins) var margins

        var body: some View {
            Color.white.padding(.leading, margins.leading)
        }
    }

    private struct FamilyName: View {
        @Environment(\.widgetFamily) var family

        var body: some View {
            family == .systemMedium ? Color.green : Color.red
        }
    }

    @Test("with content margins disabled, widgetContentMargins still holds the family's")
    func marginsWhenDisabled() {
        let widget = StaticConfiguration(kind: "probe", provider: EagerProvider()) { _ in
            MarginProbe()
        }
        .contentMarginsDisabled()
        let canvas = Canvas(width: 170, height: 170)
        canvas.clear(.black)
        var environment = EnvironmentValues()
        environment.showsWidgetContainerBackground = false
        WidgetDescriptor(widget).render(
            entry: TickEntry(date: .distantPast), family: .systemSmall, environment: environment,
            on: canvas, scale: 1)
        #expect(canvas[15, 85] == RGBA.black.premultiplied, "the view's own padding, 16")
        #expect(canvas[16, 85] == RGBA.white.premultiplied)
        #expect(canvas[169, 85] == RGBA.white.premultiplied, "no margin on the trailing edge")
    }

    @Test("previewContext draws a view as a widget of the preview's family")
    func previewContext() {
        let canvas = Canvas(width: 4, height: 4)
        render(
            FamilyName().previewContext(WidgetPreviewContext(family: .systemMedium)),
            size: Size(width: 4, height: 4), on: canvas, scale: 1)
        #expect(canvas[1, 1] == RGBA.systemGreen.premultiplied)
    }

    @Test("TimelineProviderContext.displaySize is the family's size, as a CGSize")
    func displaySize() {
        let context = TimelineProviderContext(family: .systemMedium)
        #expect(context.displaySize == CGSize(width: 364, height: 170))
    }
}
