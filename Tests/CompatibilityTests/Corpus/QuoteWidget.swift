// A quote of the day: a custom ViewModifier for the card, a material behind the author,
// localized strings with interpolation, and the placeholder's redaction kept off the title.
import NightstandKit

struct Quote {
    let text: String
    let author: String
    let likes: Int
}

struct QuoteEntry: TimelineEntry {
    let date: Date
    let quote: Quote
    let dayNumber: Int
}

struct QuoteProvider: TimelineProvider {
    let quotes = [
        Quote(
            text: "The best way to predict the future is to invent it.", author: "Alan Kay",
            likes: 1_204),
        Quote(
            text: "Simplicity is prerequisite for reliability.", author: "Edsger W. Dijkstra",
            likes: 877),
    ]

    func placeholder(in context: Context) -> QuoteEntry {
        QuoteEntry(date: Date(), quote: quotes[0], dayNumber: 1)
    }

    func getSnapshot(in context: Context, completion: @escaping (QuoteEntry) -> Void) {
        completion(placeholder(in: context))
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<QuoteEntry>) -> Void) {
        let day = Calendar.current.ordinality(of: .day, in: .year, for: Date()) ?? 1
        let entry = QuoteEntry(date: Date(), quote: quotes[day % quotes.count], dayNumber: day)
        let tomorrow = Calendar.current.startOfDay(for: Date()).addingTimeInterval(86_400)
        completion(Timeline(entries: [entry], policy: .after(tomorrow)))
    }
}

struct CardStyle: ViewModifier {
    var tint: Color

    func body(content: Content) -> some View {
        content
            .padding(8)
            .background {
                RoundedRectangle(cornerRadius: 12, style: .continuous)
                    .fill(tint.opacity(0.25))
            }
            .overlay {
                RoundedRectangle(cornerRadius: 12, style: .continuous)
                    .strokeBorder(tint.opacity(0.6), lineWidth: 1)
            }
    }
}

extension View {
    func cardStyle(tint: Color = .indigo) -> some View {
        modifier(CardStyle(tint: tint))
    }
}

struct QuoteWidgetView: View {
    let entry: QuoteEntry

    var body: some View {
        VStack(alignment: .leading, spacing: 6) {
            Text("Quote of the Day #\(entry.dayNumber)")
                .font(.caption2.smallCaps())
                .foregroundStyle(.secondary)
                .unredacted()
            Text("“\(entry.quote.text)”")
                .font(.system(.callout, design: .serif))
                .italic()
                .lineLimit(4)
                .minimumScaleFactor(0.7)
                .cardStyle()
            HStack {
                Text("— \(entry.quote.author)")
                    .font(.caption.weight(.medium))
                    .lineLimit(1)
                    .frame(maxWidth: .infinity, alignment: .leading)
                Label("\(entry.quote.likes)", systemImage: "heart.fill")
                    .font(.caption2)
                    .labelStyle(.titleAndIcon)
                    .foregroundStyle(.pink)
            }
            .padding(.horizontal, 6)
            .padding(.vertical, 3)
            .background(.ultraThinMaterial, in: Capsule())
        }
    }
}

struct QuoteWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "Quote", provider: QuoteProvider()) { entry in
            QuoteWidgetView(entry: entry)
                .containerBackground(for: .widget) {
                    LinearGradient(
                        colors: [Color.indigo.opacity(0.6), .black], startPoint: .topLeading,
                        endPoint: .bottomTrailing)
                }
        }
        .configurationDisplayName("Quote of the Day")
        .description("A new quote every morning.")
        .supportedFamilies([.systemSmall, .systemMedium])
    }
}
