import FoundationEssentials
import Widgets

/// Entries on each whole minute from the minute of `start` for an hour, reloading at the end:
/// the timeline of anything that changes by the minute.
func minuteTimeline<Entry: TimelineEntry>(
    from start: Date, make: (Date) -> Entry
) -> Timeline<Entry> {
    let minute = (start.timeIntervalSince1970 / 60).rounded(.down) * 60
    let entries = (0..<60).map { make(Date(timeIntervalSince1970: minute + Double($0) * 60)) }
    return Timeline(entries: entries, policy: .atEnd)
}
