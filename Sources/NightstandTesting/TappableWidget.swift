import Foundation
import WidgetUI
import Widgets

/// The kind `tappable`, for tests of what a tap does: its widget shows a running timer (it
/// changes every second) on white, taps through to `app://home` (`widgetURL`), and has a `Link`
/// to `app://lights` over its top 40 points.
///
/// ```swift
/// let registry = WidgetRegistry([tappableWidget()])   // [[widget]] kind = "tappable"
/// ```
package func tappableWidget() -> ConfigurableWidget {
    ConfigurableWidget(kind: "tappable") { _ in
        WidgetDescriptor(
            StaticConfiguration(kind: "tappable", provider: TappableProvider()) { entry in
                ZStack(alignment: .top) {
                    Color.white
                    Text(entry.date, style: .timer)
                    // swift-format-ignore: NeverForceUnwrap
                    Link(destination: URL(string: "app://lights")!) {
                        Color.gray.frame(height: 40)
                    }
                }
                .widgetURL(URL(string: "app://home"))
            })
    }
}

/// One entry, the time the timeline was asked for; never reloads.
private struct TappableProvider: TimelineProvider {
    struct Entry: TimelineEntry {
        let date: Date
    }

    func placeholder(in context: Context) -> Entry { Entry(date: context.date) }
    func getSnapshot(in context: Context, completion: @escaping (Entry) -> Void) {
        completion(Entry(date: context.date))
    }
    func getTimeline(in context: Context, completion: @escaping (Timeline<Entry>) -> Void) {
        completion(Timeline(entries: [Entry(date: context.date)], policy: .never))
    }
}
