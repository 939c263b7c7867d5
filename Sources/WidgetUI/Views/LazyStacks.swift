/// Views one above another, made as they scroll into view in SwiftUI: a ``VStack`` here.
///
/// ```swift
/// LazyVStack(alignment: .leading, spacing: 4) {
///     ForEach(entry.headlines, id: \.self) { Text($0).lineLimit(1) }
/// }
/// ```
///
/// ## Differences from SwiftUI
///
/// A widget doesn't scroll, so every child is made and laid out as a ``VStack`` lays them
/// out; `pinnedViews` is accepted and changes nothing. SwiftUI's lazy stack takes the full
/// proposed width; this one, as a ``VStack``, takes its widest child's.
public struct LazyVStack<Content: View>: View {
    let stack: VStack<Content>

    /// Creates a vertical stack of the views the builder makes.
    public init(
        alignment: HorizontalAlignment = .center, spacing: Double? = nil,
        pinnedViews: PinnedScrollableViews = .init(), @ViewBuilder content: () -> Content
    ) {
        stack = VStack(alignment: alignment, spacing: spacing, content: content)
    }

    /// The stack, laid out as a ``VStack``.
    public var body: some View { stack }
}

/// Views side by side, made as they scroll into view in SwiftUI: an ``HStack`` here.
///
/// ```swift
/// LazyHStack(spacing: 6) {
///     ForEach(entry.days) { DayCell(day: $0) }
/// }
/// ```
///
/// ## Differences from SwiftUI
///
/// A widget doesn't scroll, so every child is made and laid out as an ``HStack`` lays them
/// out; `pinnedViews` is accepted and changes nothing.
public struct LazyHStack<Content: View>: View {
    let stack: HStack<Content>

    /// Creates a horizontal stack of the views the builder makes.
    public init(
        alignment: VerticalAlignment = .center, spacing: Double? = nil,
        pinnedViews: PinnedScrollableViews = .init(), @ViewBuilder content: () -> Content
    ) {
        stack = HStack(alignment: alignment, spacing: spacing, content: content)
    }

    /// The stack, laid out as an ``HStack``.
    public var body: some View { stack }
}

/// A group of views with an optional header and footer: in a stack, the header, the
/// content and the footer follow each other as siblings, as SwiftUI lays out a section
/// outside a list.
///
/// ```swift
/// LazyVStack(alignment: .leading) {
///     Section {
///         ForEach(entry.today) { Text($0.title) }
///     } header: {
///         Text("Today").font(.caption).foregroundStyle(.secondary)
///     }
/// }
/// ```
public struct Section<Parent: View, Content: View, Footer: View>: View {
    let header: Parent
    let content: Content
    let footer: Footer

    /// Creates a section with a header and a footer.
    public init(
        @ViewBuilder content: () -> Content, @ViewBuilder header: () -> Parent,
        @ViewBuilder footer: () -> Footer
    ) {
        self.header = header()
        self.content = content()
        self.footer = footer()
    }

    /// The header, the content and the footer, as siblings in the container.
    public var body: some View {
        header
        content
        footer
    }
}

extension Section where Parent == EmptyView, Footer == EmptyView {
    /// Creates a section of views without a header or footer.
    public init(@ViewBuilder content: () -> Content) {
        self.init(content: content, header: { EmptyView() }, footer: { EmptyView() })
    }
}

extension Section where Footer == EmptyView {
    /// Creates a section with a header.
    public init(@ViewBuilder content: () -> Content, @ViewBuilder header: () -> Parent) {
        self.init(content: content, header: header, footer: { EmptyView() })
    }
}

extension Section where Parent == EmptyView {
    /// Creates a section with a footer.
    public init(@ViewBuilder content: () -> Content, @ViewBuilder footer: () -> Footer) {
        self.init(content: content, header: { EmptyView() }, footer: footer)
    }
}

extension Section where Parent == Text, Footer == EmptyView {
    /// Creates a section with a string literal header (a ``LocalizedStringKey``).
    ///
    /// ```swift
    /// Section("Tomorrow") { ForEach(entry.tomorrow) { Text($0.title) } }
    /// ```
    public init(_ titleKey: LocalizedStringKey, @ViewBuilder content: () -> Content) {
        self.init(content: content, header: { Text(titleKey) }, footer: { EmptyView() })
    }

    /// Creates a section with a string header.
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, @ViewBuilder content: () -> Content) {
        self.init(content: content, header: { Text(title) }, footer: { EmptyView() })
    }
}
