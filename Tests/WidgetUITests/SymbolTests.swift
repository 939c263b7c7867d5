import Foundation
import Raster
import Testing

@testable import WidgetUI

@Suite("System symbols")
struct SymbolTests {
    private let context = ImageTestContext()

    private static let docPath = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/WidgetUI/Documentation.docc/Symbols.md").path

    /// Google's name → codepoint list, as Debian's fonts-material-design-icons-iconfont ships it.
    private static let codepointsPath =
        "/usr/share/fonts-material-design-icons-iconfont/scss/_variables.scss"

    private static let colorNames: [String: Color] = [
        "yellow": .yellow, "white": .white, "blue": .blue, "orange": .orange, "red": .red,
        "green": .green,
    ]

    /// A row of the documentation's tables.
    private struct Row: Equatable, CustomStringConvertible {
        var name: String
        var material: String
        var codepoint: String
        var multicolor: Color?
        var turned: Bool

        var description: String {
            "\(name) → \(material) \(codepoint) \(multicolor.map { "\($0)" } ?? "-") \(turned)"
        }
    }

    @Test("Symbols.md lists exactly the code's table, row for row")
    func documentationMatchesCode() throws {
        let text = try String(contentsOfFile: Self.docPath, encoding: .utf8)
        var documented: [Row] = []
        for line in text.split(separator: "\n") where line.hasPrefix("| `") {
            let cells = line.split(separator: "|", omittingEmptySubsequences: false)
                .map { $0.trimmingCharacters(in: .whitespaces) }
            try #require(cells.count == 7, "a row has five cells: \(line)")
            let color = cells[4].isEmpty ? nil : Self.colorNames[cells[4]]
            #expect(cells[4].isEmpty || color != nil, "unknown color name in \(line)")
            #expect(["", "quarter turn"].contains(cells[5]), "unknown drawing in \(line)")
            documented.append(
                Row(
                    name: cells[1].trimmingCharacters(in: CharacterSet(charactersIn: "`")),
                    material: cells[2].trimmingCharacters(in: CharacterSet(charactersIn: "`")),
                    codepoint: cells[3], multicolor: color, turned: cells[5] == "quarter turn"))
        }
        let coded = SystemSymbols.all.map {
            Row(
                name: $0.name, material: $0.material,
                codepoint: "U+" + String($0.codepoint, radix: 16, uppercase: true),
                multicolor: $0.multicolor, turned: $0.isTurned)
        }
        #expect(documented.count == coded.count)
        for (doc, code) in zip(documented, coded) {
            #expect(doc == code)
        }
        #expect(text.contains("The \(coded.count) SF Symbols names"))
    }

    @Test("the table has more than 60 unique names, with every name widgets commonly use")
    func coverage() {
        let names = SystemSymbols.all.map(\.name)
        #expect(names.count > 60)
        #expect(Set(names).count == names.count, "no name twice")
        let common = [
            "sun.max", "sun.max.fill", "moon", "moon.fill", "moon.stars", "cloud", "cloud.fill",
            "cloud.rain", "cloud.sun", "cloud.bolt", "cloud.snow", "cloud.fog", "wind",
            "snowflake", "thermometer", "humidity", "sunrise", "sunset", "umbrella",
            "battery.100", "battery.75", "battery.50", "battery.25", "battery.0",
            "battery.100.bolt", "bolt", "bolt.fill", "calendar", "clock", "clock.fill", "alarm",
            "timer", "stopwatch", "hourglass", "heart", "heart.fill", "star", "star.fill", "bell",
            "bell.fill", "house", "house.fill", "car", "car.fill", "figure.walk", "flame", "drop",
            "leaf", "music.note", "play.fill", "pause.fill", "wifi",
            "antenna.radiowaves.left.and.right", "location", "location.fill", "mappin", "phone",
            "envelope", "message", "person", "gear", "gearshape", "cpu", "memorychip",
            "lightbulb", "lock", "checkmark", "xmark", "plus", "minus",
            "exclamationmark.triangle", "info.circle", "arrow.up", "arrow.down", "arrow.left",
            "arrow.right", "chevron.up", "chevron.down", "chevron.left", "chevron.right",
            "airplane", "tram", "bus", "fuelpump", "gauge", "speedometer",
        ]
        for name in common {
            #expect(SystemSymbols.symbol(named: name) != nil, "\(name)")
        }
    }

    @Test("every glyph exists in the installed Material Icons font and has ink")
    func glyphsExist() throws {
        let fonts = try #require(context.fonts)
        let face = try fonts.face(family: ImageCache.symbolFamily)
        #expect(face.familyName == "Material Icons")
        for symbol in SystemSymbols.all {
            let scalar = try #require(Unicode.Scalar(symbol.codepoint))
            let glyph = face.glyphIndex(for: scalar)
            #expect(glyph != nil, "\(symbol.name): no glyph \(symbol.material)")
            let outline = glyph.flatMap { face.outline(glyph: $0, size: 24) }
            #expect(outline?.isEmpty == false, "\(symbol.name): empty glyph")
        }
        #expect(context.log.messages.isEmpty)
    }

    @Test("every Material name is its codepoint's name in Google's codepoints list")
    func codepointsMatchNames() throws {
        let list = try String(contentsOfFile: Self.codepointsPath, encoding: .utf8)
        var codepoints: [String: UInt32] = [:]
        // Lines read `"name": e8b8,`.
        for line in list.split(separator: "\n") {
            let parts = line.split(separator: ":").map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count == 2, parts[0].hasPrefix("\"") else { continue }
            let name = parts[0].trimmingCharacters(in: CharacterSet(charactersIn: "\""))
            let hex = parts[1].trimmingCharacters(in: CharacterSet(charactersIn: ","))
            if let value = UInt32(hex, radix: 16) { codepoints[name] = value }
        }
        #expect(codepoints.count > 2000)
        for symbol in SystemSymbols.all {
            #expect(codepoints[symbol.material] == symbol.codepoint, "\(symbol.name)")
        }
    }

    private func symbolFrames(_ view: some View, in size: Size = Size(width: 200, height: 200))
        -> [Rect]
    {
        layout(view, in: size, environment: context.environment).all("Image").map(\.frame)
    }

    @Test("a symbol is a square 1.2 × the font size, scaled by imageScale")
    func sizes() {
        #expect(
            symbolFrames(Image(systemName: "star.fill")).map(\.size) == [
                Size(width: 20.4, height: 20.4)
            ])
        let title = symbolFrames(Image(systemName: "star.fill").font(.largeTitle))
        #expect(title.map(\.size) == [Size(width: 34 * 1.2, height: 34 * 1.2)])
        let small = symbolFrames(Image(systemName: "star.fill").imageScale(.small))
        let large = symbolFrames(Image(systemName: "star.fill").imageScale(.large))
        #expect(small.map(\.width) == [17 * 1.2 * 0.783])
        #expect(large.map(\.width) == [17 * 1.2 * 1.29])
        // Not resizable: a frame doesn't change it.
        #expect(
            symbolFrames(Image(systemName: "star.fill").frame(width: 80, height: 80)).map(\.size)
                == [Size(width: 20.4, height: 20.4)])
    }

    @Test("a resizable symbol stretches its glyph to its frame; scaledToFit keeps it square")
    func resizable() throws {
        let stretched = layout(
            Image(systemName: "circle.fill").resizable().frame(width: 120, height: 60),
            in: Size(width: 120, height: 60), environment: context.environment)
        let image = try #require(stretched.all("Image").first)
        #expect(image.frame == rect(0, 0, 120, 60))
        guard case .fill(let path, _) = image.drawing.first else {
            Issue.record("expected the glyph as a fill")
            return
        }
        // Material's circle is 20 of 24 units across, in the middle of the square.
        let ink = path.boundingRect
        #expect(abs(ink.width - 100) < 1 && abs(ink.height - 50) < 1)
        #expect(abs(ink.midX - 60) < 0.5 && abs(ink.midY - 30) < 0.5)
        #expect(
            symbolFrames(
                Image(systemName: "circle.fill").resizable().scaledToFit().frame(
                    width: 120, height: 60),
                in: Size(width: 120, height: 60)) == [rect(30, 0, 60, 60)])
    }

    @Test("beside text on a baseline, a symbol's middle is on the middle of the capitals")
    func baselineAlignment() throws {
        let fonts = try #require(context.fonts)
        let placed = layout(
            HStack(alignment: .firstTextBaseline) {
                Image(systemName: "bolt.fill")
                Text("Hi")
            }.font(.title), in: Size(width: 200, height: 100), environment: context.environment)
        let symbol = try #require(placed.all("Image").first?.frame)
        let text = try #require(placed.all("Text").first)
        guard case .text(let run) = text.drawing.first else {
            Issue.record("expected text")
            return
        }
        let baseline = text.frame.minY + run.layout.firstBaseline
        let capHeight = try fonts.face().metrics(size: 28).capHeight
        #expect(abs(symbol.midY - (baseline - capHeight / 2)) < 1e-9)
    }

    @Test("symbols fill with the foreground style; multicolor uses the symbol's own color")
    func colors() throws {
        func shading(_ view: some View) -> Shading? {
            let placed = layout(
                view, in: Size(width: 50, height: 50), environment: context.environment)
            guard case .fill(_, let shading) = placed.all("Image").first?.drawing.first else {
                return nil
            }
            return shading
        }
        #expect(shading(Image(systemName: "sun.max.fill")) == .color(.label))
        #expect(
            shading(Image(systemName: "sun.max.fill").foregroundStyle(.red)) == .color(.systemRed))
        #expect(
            shading(
                Image(systemName: "sun.max.fill").symbolRenderingMode(.multicolor).foregroundStyle(
                    .red))
                == .color(.systemYellow))
        #expect(
            shading(
                Image(systemName: "wifi").symbolRenderingMode(.multicolor).foregroundStyle(.red))
                == .color(.systemRed), "no multicolor: the foreground")
        for mode in [SymbolRenderingMode.monochrome, .hierarchical, .palette] {
            #expect(
                shading(
                    Image(systemName: "heart.fill").symbolRenderingMode(mode).foregroundStyle(.blue)
                )
                    == .color(.systemBlue))
        }
    }

    @Test("batteries and the airplane are turned a quarter clockwise, lying like iOS's")
    func turnedGlyphs() throws {
        let battery = try #require(SystemSymbols.symbol(named: "battery.100"))
        let unit = try #require(context.cache.outline(of: battery, fonts: context.fonts))
        let ink = unit.boundingRect
        #expect(ink.width > 1.5 * ink.height, "lying battery: \(ink)")
        let upright = try #require(SystemSymbols.symbol(named: "bolt"))
        let bolt = try #require(context.cache.outline(of: upright, fonts: context.fonts))
            .boundingRect
        #expect(bolt.height > bolt.width)
        #expect(bolt.minX >= 0 && bolt.maxX <= 1 && bolt.minY >= 0 && bolt.maxY <= 1)
    }

    @Test(
        "an unknown name draws a symbol-sized placeholder and is logged once, however often drawn")
    func unknownName() throws {
        var placed = layout(
            Image(systemName: "sun.max.fil"), in: Size(width: 100, height: 100),
            environment: context.environment)
        for _ in 0..<3 {
            placed = layout(
                HStack {
                    Image(systemName: "sun.max.fil"); Image(systemName: "sun.max.fil")
                },
                in: Size(width: 100, height: 100), environment: context.environment)
        }
        let frames = placed.all("Image").map(\.frame.size)
        #expect(frames == [Size(width: 20.4, height: 20.4), Size(width: 20.4, height: 20.4)])
        #expect(placed.all("Image")[0].drawing.count == 2, "outline and question mark")
        #expect(context.log.messages.count == 1)
        #expect(
            context.log.messages.first?.hasPrefix(
                "warning: Image(systemName: \"sun.max.fil\"): no such symbol") == true)
        _ = layout(
            Image(systemName: "nope"), in: Size(width: 100, height: 100),
            environment: context.environment)
        #expect(context.log.messages.count == 2)
    }
}
