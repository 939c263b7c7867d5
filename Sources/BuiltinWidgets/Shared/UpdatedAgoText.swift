import FoundationEssentials
import WidgetUI

/// "Updated 2 hr, 5 min ago", live, for cached data once it is old.
///
/// It stays true as time passes without a reload.
struct UpdatedAgoText: View {
    /// When the data was fetched or observed.
    let updated: Date

    var body: some View {
        Text("Updated \(updated, style: .relative) ago")
            .font(.system(size: 11, weight: .medium))
            .foregroundStyle(.secondary)
            .lineLimit(1)
            .minimumScaleFactor(0.8)
    }
}
