import Foundation
import NightstandKit

/// The tide over the next twelve hours, drawn with `Canvas` in the colors of the package's
/// asset catalog (`Resources/Assets.xcassets`): `Color(.sea)` is the colorset "Sea Color",
/// `Image(.tideWave)` the image set "tide-wave", and `.foregroundStyle(.seaFoam)` Xcode's
/// shorthand, the symbols generated as Xcode generates them by Nightstand's AssetSymbols
/// plugin.
struct TideWidget: Widget {
    let kind = "tide"

    var body: some WidgetConfiguration {
        StaticConfiguration(kind: kind, provider: TideProvider()) { entry in
            TideWidgetView(entry: entry)
        }
        .configurationDisplayName("Tide")
        .description("The water's height over the next twelve hours.")
        .supportedFamilies([.systemSmall, .systemMedium])
    }
}

/// The water's height, in meters, every half hour from `date`.
struct TideEntry: TimelineEntry {
    let date: Date
    let heights: [Double]

    /// A semidiurnal tide (period 12 h 25 min, range 3.2 m around 2.1 m) seen from `date`.
    static func semidiurnal(at date: Date) -> TideEntry {
        let period = 44_700.0
        let heights = (0...24).map { step -> Double in
            let t = date.timeIntervalSince1970 + Double(step) * 1800
            return 2.1 + 1.6 * cos(2 * .pi * t / period)
        }
        return TideEntry(date: date, heights: heights)
    }
}

/// A tide table computed from the clock: a new curve every half hour.
struct TideProvider: TimelineProvider {
    func placeholder(in context: Context) -> TideEntry { .semidiurnal(at: context.date) }

    func getSnapshot(in context: Context, completion: @escaping (TideEntry) -> Void) {
        completion(.semidiurnal(at: context.date))
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<TideEntry>) -> Void) {
        let entry = TideEntry.semidiurnal(at: context.date)
        completion(Timeline(entries: [entry], policy: .after(entry.date.addingTimeInterval(1800))))
    }
}

struct TideWidgetView: View {
    let entry: TideEntry

    var body: some View {
        VStack(alignment: .leading, spacing: 6) {
            HStack(spacing: 6) {
                Image(.tideWave)
                Text(entry.heights[0], format: .number.precision(.fractionLength(1)))
                    .font(.title2.bold())
                    + Text(" m").font(.caption)
            }
            .foregroundStyle(.seaFoam)
            Canvas { context, size in
                let curve = path(in: size)
                var area = curve
                area.addLine(to: CGPoint(x: size.width, y: size.height))
                area.addLine(to: CGPoint(x: 0, y: size.height))
                area.closeSubpath()
                context.fill(
                    area,
                    with: .linearGradient(
                        Gradient(colors: [Color(.sea), Color(.sea).opacity(0.2)]),
                        startPoint: .zero, endPoint: CGPoint(x: 0, y: size.height)))
                context.stroke(curve, with: .color(Color("SeaFoam")), lineWidth: 2)
                context.fill(
                    Path(
                        ellipseIn: CGRect(x: -4, y: point(0, in: size).y - 4, width: 8, height: 8)),
                    with: .color(.white))
            }
        }
        .containerBackground(for: .widget) { Color(.deepWater) }
    }

    /// The water line across `size`, 0 to 4.5 meters bottom to top.
    private func path(in size: CGSize) -> Path {
        Path { path in
            path.addLines(entry.heights.indices.map { point($0, in: size) })
        }
    }

    private func point(_ index: Int, in size: CGSize) -> CGPoint {
        let x = size.width * CGFloat(index) / CGFloat(entry.heights.count - 1)
        return CGPoint(x: x, y: size.height * (1 - entry.heights[index] / 4.5))
    }
}

// Xcode's previews, drawn by `swift run MyDisplay previews --out DIR` and checked against
// goldens by MyDisplayTests (fixed dates, so that the pictures are the same every run).
#Preview("High and low water", as: .systemSmall) {
    TideWidget()
} timeline: {
    TideEntry.semidiurnal(at: Date(timeIntervalSince1970: 1_795_254_323))
    TideEntry.semidiurnal(at: Date(timeIntervalSince1970: 1_795_254_323 + 6 * 3600))
}

#Preview(as: .systemMedium) {
    TideWidget()
} timeline: {
    TideEntry.semidiurnal(at: Date(timeIntervalSince1970: 1_795_254_323))
}
