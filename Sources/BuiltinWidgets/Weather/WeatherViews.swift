import FoundationEssentials
import WidgetUI
import Widgets

/// The conditions now, as the small family shows them: place, temperature, symbol, condition,
/// high and low, and the data's age once it is stale.
struct WeatherNowView: View {
    let location: String?
    let report: WeatherReport

    var body: some View {
        VStack(alignment: .leading, spacing: 0) {
            if let location {
                Text(location)
                    .font(.system(size: 15, weight: .semibold))
                    .lineLimit(1)
            }
            Text(WeatherText.degrees(report.temperature))
                .font(.system(size: 42, weight: .regular))
                .lineLimit(1)
                .widgetAccentable()
            if report.isStale {
                UpdatedAgoText(updated: report.observed)
            }
            Spacer(minLength: 0)
            WeatherSymbol(name: report.symbol)
                .font(.system(size: 15))
            Text(LocalizedStringKey(report.condition.text))
                .font(.system(size: 13, weight: .semibold))
                .lineLimit(1)
                .padding(.top, 2)
            if let highLow = WeatherText.highLow(report) {
                highLow
                    .font(.system(size: 13, weight: .semibold))
                    .lineLimit(1)
            }
        }
        .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
    }
}

/// A weather symbol: in its colors (a yellow sun, blue rain) on StandBy's black, white on the
/// widget's own sky, where blue rain would not show.
struct WeatherSymbol: View {
    let name: String

    @Environment(\.showsWidgetContainerBackground) private var showsBackground

    var body: some View {
        Image(systemName: name).symbolRenderingMode(showsBackground ? nil : .multicolor)
    }
}

/// The next hours in columns: the hour, its symbol, its temperature.
struct WeatherHoursView: View {
    let report: WeatherReport

    var body: some View {
        HStack(alignment: .bottom, spacing: 0) {
            ForEach(report.hours.indices, id: \.self) { index in
                let hour = report.hours[index]
                VStack(spacing: 6) {
                    Text(hour.time, format: .dateTime.hour())
                        .font(.system(size: 12, weight: .medium))
                        .foregroundStyle(.secondary)
                        .lineLimit(1)
                        .minimumScaleFactor(0.6)
                    WeatherSymbol(name: hour.symbol)
                        .font(.system(size: 15))
                    Text(WeatherText.degrees(hour.temperature))
                        .font(.system(size: 15, weight: .medium))
                        .lineLimit(1)
                }
                .frame(maxWidth: .infinity)
            }
        }
        .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .bottom)
        .environment(\.timeZone, report.timeZone)
    }
}

/// The coming days in rows: the weekday, its symbol, and its range on a bar spanning all the
/// days' temperatures.
struct WeatherDaysView: View {
    let report: WeatherReport

    var body: some View {
        let lowest = report.days.map(\.low).min() ?? 0
        let highest = report.days.map(\.high).max() ?? 1
        VStack(spacing: 4) {
            ForEach(report.days.indices, id: \.self) { index in
                let day = report.days[index]
                HStack(spacing: 8) {
                    Group {
                        if index == 0 {
                            Text("Today")
                        } else {
                            Text(day.start, format: .dateTime.weekday(.abbreviated))
                        }
                    }
                    .font(.system(size: 15, weight: .semibold))
                    .lineLimit(1)
                    .minimumScaleFactor(0.6)
                    .frame(width: 56, alignment: .leading)
                    WeatherSymbol(name: day.symbol)
                        .font(.system(size: 15))
                        .frame(width: 28)
                    Text(WeatherText.degrees(day.low))
                        .font(.system(size: 15, weight: .medium))
                        .foregroundStyle(.secondary)
                        .frame(width: 40, alignment: .trailing)
                    TemperatureBar(
                        low: day.low, high: day.high, range: lowest...max(highest, lowest + 1))
                    Text(WeatherText.degrees(day.high))
                        .font(.system(size: 15, weight: .medium))
                        .frame(width: 40, alignment: .trailing)
                }
                .frame(maxHeight: .infinity)
            }
        }
        .environment(\.timeZone, report.timeZone)
    }
}

/// A day's range as a colored capsule on a track spanning `range`, as wide as it is offered.
struct TemperatureBar: View {
    let low: Double
    let high: Double
    let range: ClosedRange<Double>

    var body: some View {
        GeometryReader { proxy in
            let width = proxy.size.width
            let span = range.upperBound - range.lowerBound
            let start = (low - range.lowerBound) / span * width
            let length = max((high - low) / span * width, 5)
            ZStack(alignment: .leading) {
                Capsule().fill(Color(white: 1, opacity: 0.2))
                Capsule()
                    .fill(
                        LinearGradient(
                            colors: [.cyan, .yellow, .orange], startPoint: .leading,
                            endPoint: .trailing)
                    )
                    .frame(width: length)
                    .offset(x: min(start, width - length))
            }
        }
        .frame(height: 5)
    }
}

/// The circular accessory: a gauge of the temperature between today's low and high.
struct WeatherCircularView: View {
    let report: WeatherReport

    var body: some View {
        if let high = report.high, let low = report.low {
            Gauge(
                value: report.temperature,
                in: min(low, report.temperature)...max(high, report.temperature, low + 1)
            ) {
                Image(systemName: report.symbol)
            } currentValueLabel: {
                Text(WeatherText.degrees(report.temperature))
            } minimumValueLabel: {
                Text(WeatherText.degrees(low))
            } maximumValueLabel: {
                Text(WeatherText.degrees(high))
            }
            .gaugeStyle(.accessoryCircular)
        } else {
            ZStack {
                AccessoryWidgetBackground()
                VStack(spacing: 0) {
                    Image(systemName: report.symbol).font(.system(size: 20))
                    Text(WeatherText.degrees(report.temperature))
                        .font(.system(size: 20, weight: .medium, design: .rounded))
                }
            }
        }
    }
}

/// The rectangular accessory: symbol and temperature, condition, high and low.
struct WeatherRectangularView: View {
    let location: String?
    let report: WeatherReport

    var body: some View {
        VStack(alignment: .leading, spacing: 0) {
            HStack(alignment: .firstTextBaseline, spacing: 4) {
                Image(systemName: report.symbol)
                Text(WeatherText.degrees(report.temperature)).widgetAccentable()
                if let location {
                    Text(location).font(.system(size: 13, weight: .medium)).lineLimit(1)
                }
            }
            .font(.system(size: 22, weight: .semibold))
            Text(LocalizedStringKey(report.condition.text)).lineLimit(1)
            if report.isStale {
                UpdatedAgoText(updated: report.observed)
            } else if let highLow = WeatherText.highLow(report) {
                highLow.lineLimit(1)
            }
        }
        .font(.system(size: 15, weight: .medium))
        .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .leading)
    }
}
