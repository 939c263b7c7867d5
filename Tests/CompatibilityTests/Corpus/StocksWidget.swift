// A watchlist: prices as currency, changes as signed percentages in green or red, and a
// sparkline of the day; the style chosen at run time goes through AnyShapeStyle.
import Foundation
import NightstandKit

struct Stock: Identifiable {
    var id: String { symbol }
    let symbol: String
    let price: Double
    let change: Double
    let history: [Double]
}

struct StocksEntry: TimelineEntry {
    let date: Date
    let stocks: [Stock]
}

struct StocksProvider: TimelineProvider {
    func placeholder(in context: Context) -> StocksEntry {
        StocksEntry(date: Date(), stocks: Self.sample)
    }

    func getSnapshot(in context: Context, completion: @escaping (StocksEntry) -> Void) {
        completion(placeholder(in: context))
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<StocksEntry>) -> Void) {
        let entry = placeholder(in: context)
        completion(Timeline(entries: [entry], policy: .after(Date().addingTimeInterval(900))))
    }

    static let sample = [
        Stock(
            symbol: "AAPL", price: 227.52, change: 0.0123,
            history: [221, 223, 222, 225, 226, 227.5]),
        Stock(
            symbol: "NVDA", price: 131.38, change: -0.0241,
            history: [135, 134, 134.5, 133, 131, 131.4]),
        Stock(
            symbol: "TSLA", price: 248.5, change: 0.0317, history: [240, 241, 245, 244, 247, 248.5]),
    ]
}

struct Sparkline: Shape {
    let values: [Double]

    func path(in rect: CGRect) -> Path {
        guard let low = values.min(), let high = values.max(), high > low else { return Path() }
        var path = Path()
        path.addLines(
            values.indices.map { i in
                let x = rect.minX + rect.width * CGFloat(i) / CGFloat(values.count - 1)
                let y = rect.maxY - rect.height * CGFloat((values[i] - low) / (high - low))
                return CGPoint(x: x, y: y)
            })
        return path
    }
}

struct StockRow: View {
    let stock: Stock
    @Environment(\.widgetFamily) private var family

    var changeStyle: AnyShapeStyle {
        stock.change >= 0 ? AnyShapeStyle(Color.green) : AnyShapeStyle(Color.red)
    }

    var body: some View {
        HStack {
            VStack(alignment: .leading, spacing: 0) {
                Text(stock.symbol)
                    .font(.subheadline.bold())
                Text(stock.price, format: .currency(code: "USD"))
                    .font(.caption2)
                    .foregroundStyle(.secondary)
            }
            .frame(maxWidth: .infinity, alignment: .leading)
            if family != .systemSmall {
                Sparkline(values: stock.history)
                    .stroke(changeStyle, lineWidth: 1.5)
                    .frame(width: 40, height: 16)
            }
            Text(
                stock.change,
                format: .percent.precision(.fractionLength(2)).sign(strategy: .always())
            )
            .font(.caption.monospacedDigit())
            .foregroundStyle(changeStyle)
            .frame(width: 52, alignment: .trailing)
        }
    }
}

struct StocksWidgetView: View {
    let entry: StocksEntry

    var body: some View {
        VStack(spacing: 8) {
            ForEach(entry.stocks) { stock in
                StockRow(stock: stock)
                if stock.id != entry.stocks.last?.id {
                    Divider()
                }
            }
        }
    }
}

struct StocksWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "Stocks", provider: StocksProvider()) { entry in
            StocksWidgetView(entry: entry)
                .containerBackground(Color(.black), for: .widget)
        }
        .configurationDisplayName("Watchlist")
        .description("Prices and changes of your symbols.")
        .supportedFamilies([.systemSmall, .systemMedium])
    }
}
