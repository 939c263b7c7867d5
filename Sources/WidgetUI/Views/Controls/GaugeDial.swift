/// The square a circular gauge draws in: 60 points, smaller when less is proposed, centered in
/// its frame; `content` gets the square's side.
struct GaugeDial<Content: View>: View {
    /// The ideal (and largest) side of a circular gauge, in points.
    static var side: Double { 60 }

    @ViewBuilder var content: (Double) -> Content

    var body: some View {
        GeometryReader { proxy in
            let side = min(proxy.size.width, proxy.size.height)
            content(side)
                .frame(width: side, height: side)
                .frame(width: proxy.size.width, height: proxy.size.height)
        }
        .frame(
            idealWidth: Self.side, maxWidth: Self.side, idealHeight: Self.side,
            maxHeight: Self.side)
    }
}
