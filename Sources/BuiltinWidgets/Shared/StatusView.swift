import WidgetUI
import Widgets

/// A widget's state when it has nothing else to show: loading, or a problem and its details,
/// in each family.
///
/// A problem's symbol and title are yellow; while loading (no details) they are secondary.
struct StatusView: View {
    /// What the state is: "No Weather Data", "Bad output"; a key of Nightstand's words.
    let title: String
    /// An SF Symbols name shown before the title.
    let symbol: String
    /// The details, such as what was expected; nil while loading.
    let detail: String?
    /// A line above, in the system families (the weather's place).
    var heading: String?

    @Environment(\.widgetFamily) private var family

    var body: some View {
        switch family {
        case .accessoryInline:
            Label(LocalizedStringKey(title), systemImage: symbol)
        case .accessoryCircular:
            ZStack {
                AccessoryWidgetBackground()
                Image(systemName: symbol).font(.system(size: 24))
            }
        case .accessoryRectangular:
            VStack(alignment: .leading, spacing: 0) {
                Label(LocalizedStringKey(title), systemImage: symbol).font(
                    .system(size: 15, weight: .semibold)
                )
                .lineLimit(detail == nil && heading == nil ? 2 : 1)
                .minimumScaleFactor(0.75)
                Text(detail ?? heading ?? "").font(.system(size: 11)).lineLimit(3)
            }
            .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .leading)
        case .systemSmall, .systemMedium, .systemLarge, .systemExtraLarge:
            VStack(alignment: .leading, spacing: 4) {
                if let heading {
                    Text(heading).font(.system(size: 15, weight: .semibold)).lineLimit(1)
                }
                Label(LocalizedStringKey(title), systemImage: symbol)
                    .font(.system(size: 15, weight: .semibold))
                    .foregroundStyle(detail == nil ? Color.secondary : Color.yellow)
                    .lineLimit(1)
                    .minimumScaleFactor(0.6)
                if let detail {
                    Text(detail)
                        .font(.system(size: 11))
                        .foregroundStyle(.secondary)
                        .lineLimit(family == .systemLarge || family == .systemExtraLarge ? 16 : 7)
                }
            }
            .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
        }
    }
}
