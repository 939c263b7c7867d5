import FoundationEssentials
import WidgetUI
import Widgets

/// A command's output in each family; the `mqtt` widget's value too.
///
/// A value that is no longer fresh (`staleSince`, when its last update came) shows a warning
/// symbol before the title, the value in the secondary style, and in the system families how
/// long ago it was updated.
struct CommandOutputView: View {
    let output: CommandOutput
    /// When the value was last updated, if it is stale now; nil for a fresh value.
    var staleSince: Date? = nil

    @Environment(\.widgetFamily) private var family

    private var tint: Color {
        output.tint.map {
            Color(red: Double($0.red), green: Double($0.green), blue: Double($0.blue))
        } ?? .orange
    }

    var body: some View {
        switch family {
        case .accessoryInline:
            titleLabel(Text(output.title + " ") + valueText())
        case .accessoryCircular:
            if let gauge = output.gauge {
                Gauge(value: gauge.value, in: gauge.min...gauge.max) {
                    Text(output.title)
                } currentValueLabel: {
                    valueText(unit: false).minimumScaleFactor(0.5)
                }
                .gaugeStyle(.accessoryCircularCapacity)
                .tint(tint)
            } else {
                ZStack {
                    AccessoryWidgetBackground()
                    valueText(unitSize: 10).font(
                        .system(size: 20, weight: .semibold, design: .rounded)
                    )
                    .minimumScaleFactor(0.5).lineLimit(1).padding(6)
                }
            }
        case .accessoryRectangular:
            VStack(alignment: .leading, spacing: 2) {
                titleLabel(Text(output.title)).font(.system(size: 15, weight: .semibold))
                valueText(unitSize: 15).font(.system(size: 22, weight: .semibold, design: .rounded))
                    .lineLimit(1).minimumScaleFactor(0.5)
                if let gauge = output.gauge {
                    Gauge(value: gauge.value, in: gauge.min...gauge.max) { EmptyView() }
                        .gaugeStyle(.accessoryLinearCapacity)
                        .tint(tint)
                }
            }
            .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .leading)
        case .systemSmall, .systemMedium, .systemLarge, .systemExtraLarge:
            VStack(alignment: .leading, spacing: 6) {
                titleLabel(Text(output.title))
                    .font(.system(size: 15, weight: .semibold))
                    .foregroundStyle(tint)
                    .lineLimit(2)
                Spacer(minLength: 0)
                // Before the spacer: the value shrinks only when it must.
                VStack(alignment: .leading, spacing: 6) {
                    valueText(unitSize: 20)
                        .font(.system(size: 44, weight: .semibold, design: .rounded))
                        .lineLimit(2)
                        .minimumScaleFactor(0.4)
                        .widgetAccentable()
                    if let gauge = output.gauge {
                        Gauge(value: gauge.value, in: gauge.min...gauge.max) {
                            EmptyView()
                        } currentValueLabel: {
                            EmptyView()
                        } minimumValueLabel: {
                            CommandText.number(gauge.min)
                        } maximumValueLabel: {
                            CommandText.number(gauge.max)
                        }
                        .gaugeStyle(.accessoryLinearCapacity)
                        .tint(tint)
                    }
                    if let staleSince { UpdatedAgoText(updated: staleSince) }
                }
                .layoutPriority(1)
            }
            .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
        }
    }

    /// The title with the output's symbol before it, if it has one (a warning while stale).
    @ViewBuilder private func titleLabel(_ title: Text) -> some View {
        if let symbol = staleSince == nil ? output.symbol : "exclamationmark.triangle.fill" {
            Label {
                title
            } icon: {
                Image(systemName: symbol)
            }
        } else {
            title
        }
    }

    /// The value, and its unit smaller after it (`unitSize` nil: the same size) unless
    /// `unit` is false.
    private func valueText(unitSize: Double? = nil, unit showsUnit: Bool = true) -> Text {
        var value =
            switch output.value {
            case .number(let number): CommandText.number(number, decimals: output.decimals)
            case .text(let text): Text(text)
            }
        if staleSince != nil { value = value.foregroundStyle(.secondary) }
        guard showsUnit, let unit = output.unit, !unit.isEmpty else { return value }
        let separator = unit.first?.isLetter == true ? " " : ""
        let unitText = Text(separator + unit)
        guard let unitSize else { return value + unitText }
        return value
            + unitText.font(.system(size: unitSize, weight: .semibold, design: .rounded))
            .foregroundStyle(.secondary)
    }
}

/// Numbers as the command widget writes them.
enum CommandText {
    /// At most two decimals, or exactly `decimals`, in the environment's locale: "21.5", "42",
    /// "0" (never "-0").
    static func number(_ value: Double, decimals: Int? = nil) -> Text {
        let places = decimals ?? 2
        let shown =
            (value * (0..<places).reduce(1.0) { scale, _ in scale * 10 }).rounded() == 0
            ? 0 : value
        let digits = decimals.map { $0...$0 } ?? 0...2
        return Text(shown, format: .number.precision(.fractionLength(digits)))
    }
}
