extension View {
    /// Shows this view redacted for a reason: with `.placeholder`, text draws as rounded bars
    /// the width of its lines, as a widget does before its first entry.
    ///
    /// The reasons add to those of the enclosing views (``EnvironmentValues/redactionReasons``);
    /// an empty set adds nothing. Layout is unchanged: a redacted view takes the size it would
    /// take unredacted.
    ///
    /// ```swift
    /// VStack(alignment: .leading) {
    ///     Text("Next departure")
    ///     Text(entry.departure, style: .timer)
    /// }
    /// .redacted(reason: entry.isLoading ? .placeholder : [])
    /// ```
    ///
    /// ## Differences from SwiftUI
    ///
    /// Only ``Text`` is redacted; images, shapes and controls draw as they are. `.privacy`
    /// redacts only the text of views marked `privacySensitive()`; `.invalidated` is carried in
    /// the environment for views to read and redacts nothing.
    public func redacted(reason: RedactionReasons) -> some View {
        EnvironmentModifier(content: self) { $0.redactionReasons.formUnion(reason) }
    }

    /// Shows this view unredacted, whatever the enclosing views' redaction reasons: for
    /// content that is known even in a placeholder, such as a label.
    ///
    /// ```swift
    /// VStack {
    ///     Text("Battery").unredacted()
    ///     Text(entry.level, format: .percent)
    /// }
    /// .redacted(reason: .placeholder)
    /// ```
    public func unredacted() -> some View {
        EnvironmentModifier(content: self) { $0.redactionReasons = [] }
    }
}
