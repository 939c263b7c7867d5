import FoundationEssentials
import Raster
import WidgetUI
import Widgets

/// The benchmark scene of docs/bench-scene.md built from views: the clock tile and the ring
/// tile as two `systemSmall` widgets, each drawn by `WidgetDescriptor.render` into its tile,
/// as the host draws a slot.
///
/// A tile is 170 points at `side / 170` pixels per point, so every length of the scene, a
/// fraction of the tile side, is that fraction of 170 points. The tile is drawn in the content
/// (the container background is off, as in StandBy), with circular corners; the text is
/// DejaVu Sans through `Font.custom`, each baseline put where the scene says by aligning the
/// text's first baseline with the bottom of an empty frame of that height. The pixels match
/// ``ReferenceScene``'s (see `ReferenceSceneTests`); the time between the two is the cost of
/// the view layer: resolving, layout and the display list.
struct ReferenceSceneViews {
    /// The raw scene: its size, tile side and origins.
    let geometry: ReferenceScene
    private let fonts: FontDatabase
    private let environment: EnvironmentValues
    private let widgets = [WidgetDescriptor(ClockTile()), WidgetDescriptor(RingTile())]
    private let entry = SceneEntry(date: Date(timeIntervalSince1970: 0))

    init(geometry: ReferenceScene, fonts: FontDatabase) {
        self.geometry = geometry
        self.fonts = fonts
        var environment = EnvironmentValues()
        environment.showsWidgetContainerBackground = false
        // One cache of each for every frame, as the host keeps them: nothing is decoded, and
        // unchanged text not laid out again, per frame.
        environment.imageCache = ImageCache()
        environment.textLayoutCache = TextLayoutCache()
        self.environment = environment
    }

    /// Draws one full frame: clear, then each tile's widget at its origin, then what the
    /// clear still owes (see ``ReferenceScene/draw(on:)``).
    func draw(on canvas: Canvas) {
        canvas.clear(.black)
        let scale = Double(geometry.side) / SceneTile.side
        for (i, widget) in widgets.enumerated() {
            let x = geometry.origin.x + i * (geometry.side + geometry.gap)
            canvas.withSavedState {
                canvas.concatenate(
                    Transform(translationX: Double(x), y: Double(geometry.origin.y)))
                widget.render(
                    entry: entry, family: .systemSmall, environment: environment, fonts: fonts,
                    now: entry.date, on: canvas, scale: scale)
            }
        }
        canvas.settlePixels()
    }
}

/// The scene's one entry: nothing in it changes.
private struct SceneEntry: TimelineEntry {
    let date: Date
}

/// Always the same entry.
private struct SceneProvider: TimelineProvider {
    func placeholder(in context: Context) -> SceneEntry { SceneEntry(date: context.date) }

    func getSnapshot(in context: Context, completion: @escaping (SceneEntry) -> Void) {
        completion(SceneEntry(date: context.date))
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<SceneEntry>) -> Void) {
        completion(Timeline(entries: [SceneEntry(date: context.date)], policy: .never))
    }
}

/// What both tiles share: the tile, text at a baseline, the colors and fonts of the scene.
private enum SceneTile {
    /// The tile side in points: the systemSmall family.
    static let side = 170.0

    /// A color of the scene, #RRGGBB.
    static func color(_ hex: Int) -> Color {
        Color(
            red: Double(hex >> 16 & 0xFF) / 255, green: Double(hex >> 8 & 0xFF) / 255,
            blue: Double(hex & 0xFF) / 255)
    }

    /// DejaVu Sans at a fraction of the tile side, bold or book.
    static func font(_ fraction: Double, bold: Bool) -> Font {
        let font = Font.custom("DejaVu Sans", size: fraction * side)
        return bold ? font.bold() : font
    }

    /// The tile: a rounded square, radius 0.13 of its side.
    static var background: some View {
        RoundedRectangle(cornerRadius: 0.13 * side).fill(color(0x1C1C1E))
    }

    /// `text` centered across the tile, its baseline `fraction` of the side from the top.
    static func text(_ text: Text, baseline fraction: Double) -> some View {
        ZStack(alignment: Alignment(horizontal: .center, vertical: .firstTextBaseline)) {
            Color.clear.frame(width: 0, height: fraction * side)
            text
        }
        .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .top)
    }
}

/// Tile 1: "10:09" and "SAT 21".
private struct ClockTile: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "bench-clock", provider: SceneProvider()) { _ in
            ZStack {
                SceneTile.background
                SceneTile.text(
                    Text("10:09").font(SceneTile.font(0.27, bold: true))
                        .foregroundColor(.white),
                    baseline: 0.58)
                SceneTile.text(
                    Text("SAT 21").font(SceneTile.font(0.11, bold: true))
                        .foregroundColor(SceneTile.color(0xFF453A)),
                    baseline: 0.80)
            }
        }
        .contentMarginsDisabled()
    }
}

/// Tile 2: a ring gauge at 72 %, "72%" and "Battery".
private struct RingTile: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "bench-ring", provider: SceneProvider()) { _ in
            let side = SceneTile.side
            ZStack {
                SceneTile.background
                ZStack {
                    Circle()
                        .stroke(SceneTile.color(0x3A3A3C), lineWidth: 0.07 * side)
                    Circle()
                        .trim(from: 0, to: 0.72)
                        .stroke(
                            SceneTile.color(0x30D158),
                            style: StrokeStyle(lineWidth: 0.07 * side, lineCap: .round)
                        )
                        .rotationEffect(.degrees(-90))
                }
                // Radius 0.30 of the side to the stroke's middle, centered at (0.5, 0.45).
                .frame(width: 0.6 * side, height: 0.6 * side)
                .padding(.top, 0.15 * side)
                .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .top)
                SceneTile.text(
                    Text("72%").font(SceneTile.font(0.14, bold: true)).foregroundColor(.white),
                    baseline: 0.50)
                SceneTile.text(
                    Text("Battery").font(SceneTile.font(0.09, bold: false))
                        .foregroundColor(SceneTile.color(0x8E8E93)),
                    baseline: 0.90)
            }
        }
        .contentMarginsDisabled()
    }
}
