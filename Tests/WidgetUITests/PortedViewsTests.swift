import Foundation
import NightstandTesting
import Raster
import Testing

@testable import WidgetUI

/// The views iOS widgets use that WidgetUI lays out as simpler ones: lazy stacks, sections,
/// the content-unavailable view; and the accessibility data the modifiers keep.
@Suite("PortedViews")
struct PortedViewsTests {
    private func pixels(_ canvas: Raster.Canvas) -> [UInt32] {
        (0..<canvas.height).flatMap { y in
            Array(UnsafeBufferPointer(start: canvas.row(y), count: canvas.width))
        }
    }

    private func differing(_ a: Raster.Canvas, _ b: Raster.Canvas) -> Int {
        zip(pixels(a), pixels(b)).filter { $0 != $1 }.count
    }

    @Test("LazyVStack and LazyHStack lay out and draw as VStack and HStack")
    func lazyStacks() {
        let size = Size(width: 120, height: 80)
        let lazy = LazyVStack(alignment: .leading, spacing: 2, pinnedViews: [.sectionHeaders]) {
            Text("Headlines").font(.headline)
            LazyHStack(spacing: 4) {
                Color.red.frame(width: 10, height: 10)
                Color.green.frame(width: 10, height: 10)
            }
        }
        let eager = VStack(alignment: .leading, spacing: 2) {
            Text("Headlines").font(.headline)
            HStack(spacing: 4) {
                Color.red.frame(width: 10, height: 10)
                Color.green.frame(width: 10, height: 10)
            }
        }
        #expect(differing(renderSheet(lazy, size: size), renderSheet(eager, size: size)) == 0)
    }

    @Test("Section: the header, the content and the footer follow each other in the stack")
    func sections() {
        let view = VStack(alignment: .leading, spacing: 4) {
            Section {
                Text("Standup 9:30")
                Text("Lunch 12:00")
            } header: {
                Text("TODAY").font(.caption).foregroundStyle(.secondary)
            } footer: {
                Text("2 events").font(.caption2)
            }
            Section("TOMORROW") {
                Text("Dentist 8:00")
            }
            Section {
                Text("No header")
            }
        }
        let elements = accessibilityElements(of: view, size: Size(width: 170, height: 170))
        #expect(
            elements.compactMap(\.label) == [
                "TODAY", "Standup 9:30", "Lunch 12:00", "2 events", "TOMORROW", "Dentist 8:00",
                "No header",
            ])
        let ys = elements.map(\.frame.minY)
        #expect(ys == ys.sorted())
        assertGolden(
            renderSheet(view.padding(8), size: Size(width: 170, height: 170)), named: "sections",
            tolerance: 2)
    }

    @Test("ContentUnavailableView: symbol, title and description centered in the space")
    func contentUnavailable() {
        let view = HStack(spacing: 0) {
            ContentUnavailableView(
                "No Trips", systemImage: "tram.fill",
                description: Text("Add a stop in the app."))
            ContentUnavailableView {
                Label("Offline", systemImage: "wifi.slash")
            } description: {
                Text("Prices update when the network is back.")
            }
        }
        let size = Size(width: 340, height: 170)
        let elements = accessibilityElements(of: view, size: size)
        #expect(
            elements.compactMap(\.label) == [
                "No Trips", "Add a stop in the app.", "Offline",
                "Prices update when the network is back.",
            ])
        // Each fills half the width and centers its title in it.
        #expect(abs((elements[0].frame.midX) - 85) < 1)
        #expect(abs((elements[2].frame.midX) - 255) < 1)
        assertGolden(renderSheet(view, size: size), named: "content-unavailable", tolerance: 2)
    }

    @Test("accessibility modifiers: labels, values, hints, hiding and grouping as data")
    func accessibility() {
        let view = VStack {
            HStack {
                Image(systemName: "flame.fill")
                Text("12 days")
            }
            .accessibilityElement(children: .combine)
            .accessibilityHint("Opens the habit")
            HStack {
                Circle().fill(.green).frame(width: 6, height: 6).accessibilityHidden(true)
                Text("80%").accessibilityLabel("Battery").accessibilityValue("80 percent")
            }
            Color.blue.frame(width: 20, height: 20).accessibilityLabel("Blue swatch")
            HStack {
                Text("ignored")
            }
            .accessibilityElement(children: .ignore)
            .accessibilityLabel("Summary")
            Text("gone").accessibilityHidden(true)
            VStack {
                Text("a"); Text("b")
            }.accessibilityElement(children: .contain)
        }
        let elements = accessibilityElements(of: view, size: Size(width: 170, height: 170))
        #expect(
            elements.map(\.label) == ["12 days", "Battery", "Blue swatch", "Summary", "a", "b"])
        #expect(elements[0].hint == "Opens the habit")
        #expect(elements[1].value == "80 percent")
        #expect(elements[2].frame.width == 20)
        // The modifiers change nothing drawn.
        let plain = VStack {
            HStack {
                Image(systemName: "flame.fill")
                Text("12 days")
            }
            HStack {
                Circle().fill(.green).frame(width: 6, height: 6)
                Text("80%")
            }
            Color.blue.frame(width: 20, height: 20)
            HStack { Text("ignored") }
            Text("gone")
            VStack {
                Text("a"); Text("b")
            }
        }
        let size = Size(width: 170, height: 170)
        #expect(differing(renderSheet(view, size: size), renderSheet(plain, size: size)) == 0)
    }
}
