import NightstandTesting
import Raster
import Testing

@testable import WidgetUI

/// Pixels of images, symbols and labels, rendered as a widget would be.
@Suite("Image goldens")
struct ImageGoldenTests {
    private let context = ImageTestContext()

    /// Renders `view` in `size` points at `scale` on black.
    private func render(_ view: some View, size: Size, scale: Double) -> Canvas {
        let canvas = Canvas(width: Int(size.width * scale), height: Int(size.height * scale))
        canvas.clear(.black)
        WidgetUI.render(
            view, size: size, environment: context.environment, on: canvas, scale: scale)
        return canvas
    }

    @Test("a 48×32 PNG fitted, filled (overflowing) and stretched into 40-point squares")
    func fitFillStretch() {
        func cell(_ image: some View) -> some View {
            image
                .frame(width: 40, height: 40)
                .overlay(Rectangle().stroke(.gray, lineWidth: 0.5))
        }
        let view = HStack(spacing: 24) {
            cell(Image("landscape").resizable().scaledToFit())
            cell(Image("landscape").resizable().scaledToFill())
            cell(Image("landscape").resizable())
        }
        assertGolden(
            render(view, size: Size(width: 170, height: 60), scale: 2), named: "fit-fill-stretch")
        #expect(context.log.messages.isEmpty)
    }

    /// One sheet of symbols: each in `.title2` on a faint square showing its frame, its name
    /// below in `.caption2`.
    private struct SymbolSheet: View {
        let symbols: ArraySlice<SystemSymbol>
        static let columns = 6

        var body: some View {
            VStack(alignment: .leading, spacing: 4) {
                ForEach(0..<rowCount) { row in
                    HStack(alignment: .top, spacing: 4) {
                        ForEach(rowSymbols(row).indices) { i in
                            SymbolCell(name: rowSymbols(row)[i].name)
                        }
                    }
                }
            }
        }

        private var rowCount: Int { (symbols.count + Self.columns - 1) / Self.columns }

        private func rowSymbols(_ row: Int) -> [SystemSymbol] {
            let start = symbols.startIndex + row * Self.columns
            return Array(symbols[start..<min(start + Self.columns, symbols.endIndex)])
        }
    }

    private struct SymbolCell: View {
        let name: String

        var body: some View {
            VStack(spacing: 4) {
                Image(systemName: name)
                    .font(.title2)
                    .background(Color.white.opacity(0.12))
                Text(name)
                    .font(.system(size: 7.5))
                    .foregroundStyle(.secondary)
                    .multilineTextAlignment(.center)
                    .lineLimit(2)
            }
            .frame(width: 104, height: 60, alignment: .top)
        }
    }

    @Test("every symbol in the table, 48 per sheet, with its name under it")
    func symbolSheets() {
        let all = SystemSymbols.all
        for (n, start) in stride(from: 0, to: all.count, by: 48).enumerated() {
            let sheet = SymbolSheet(symbols: all[start..<min(start + 48, all.count)])
                .frame(width: 644, height: 508, alignment: .topLeading)
                .padding(8)
            assertGolden(
                render(sheet, size: Size(width: 660, height: 524), scale: 1.5),
                named: "symbols-\(n + 1)")
        }
        #expect(context.log.messages.isEmpty)
    }

    @Test("symbols by scale and font, multicolor, resizable, on a baseline with text, unknown")
    func symbolVariants() {
        let view = VStack(alignment: .leading, spacing: 10) {
            HStack(alignment: .firstTextBaseline, spacing: 6) {
                Image(systemName: "bell.fill").imageScale(.small)
                Image(systemName: "bell.fill")
                Image(systemName: "bell.fill").imageScale(.large)
                Text("Bell")
            }
            HStack(alignment: .firstTextBaseline, spacing: 6) {
                Image(systemName: "cloud.sun.fill")
                Text("21°")
            }
            .font(.title)
            HStack(spacing: 6) {
                Image(systemName: "sun.max.fill")
                Image(systemName: "heart.fill")
                Image(systemName: "leaf.fill")
                Image(systemName: "cloud.rain.fill")
                Image(systemName: "wifi")
            }
            .symbolRenderingMode(.multicolor)
            HStack(spacing: 6) {
                Image(systemName: "battery.75").resizable().frame(width: 40, height: 20)
                Image(systemName: "star.fill").resizable().scaledToFit().frame(
                    width: 40, height: 20)
                Image(systemName: "no.such.symbol")
                Image(systemName: "airplane").foregroundStyle(.orange)
            }
        }
        assertGolden(render(view, size: Size(width: 170, height: 170), scale: 2), named: "variants")
        #expect(context.log.messages.count == 1)
    }

    @Test("labels: symbols, a PNG and a shape as icons, three fonts, title-only and icon-only")
    func labels() {
        let view = VStack(alignment: .leading, spacing: 6) {
            Label("Sunrise 06:42", systemImage: "sunrise.fill").font(.caption)
            Label("Partly cloudy", systemImage: "cloud.sun.fill")
            Label("72°", systemImage: "thermometer").font(.title)
            Label("Landscape", image: "landscape").font(.caption)
            Label {
                Text("Charging")
            } icon: {
                Circle().fill(.green).frame(width: 8, height: 8)
            }
            HStack {
                Label("Wi-Fi", systemImage: "wifi").labelStyle(.iconOnly)
                Label("Title only", systemImage: "wifi").labelStyle(.titleOnly)
            }
        }
        assertGolden(render(view, size: Size(width: 170, height: 190), scale: 2), named: "labels")
        #expect(context.log.messages.isEmpty)
    }
}
