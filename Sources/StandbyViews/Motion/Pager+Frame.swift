extension Pager {
    /// What shows at an instant: `page`, moved by `offset` pages toward `neighbour` (the page
    /// after it for a positive offset, before it for a negative one; nil where there is none,
    /// past the end of a list that does not wrap: black shows there).
    public struct Frame: Sendable, Equatable {
        /// The page mostly showing.
        public var page: Int
        /// The page coming in beside it, if any.
        public var neighbour: Int?
        /// How far the pages moved, in pages (−1…1).
        public var offset: Double

        /// Creates a frame.
        public init(page: Int, neighbour: Int?, offset: Double) {
            self.page = page
            self.neighbour = neighbour
            self.offset = offset
        }
    }
}
