import Raster

/// Draws a ``Pager``'s frame from finished pictures of its pages: the page moved along the
/// axis by the frame's offset, its neighbour beside it, black where there is none (a page
/// pulled past the end of the list).
///
/// A frame is two row copies into `rect` (``Raster/Canvas/copy(_:to:clippedTo:)``), the
/// cost of copying the rectangle's bytes once; the pages are not drawn again.
///
/// ```swift
/// let slide = PageSlide(axis: .horizontal, rect: canvas.bounds)
/// slide.draw(pager.frame(at: now), page: clockView, neighbour: photosView, on: canvas)
/// ```
public struct PageSlide: Sendable, Equatable {
    /// The direction pages move in.
    public enum Axis: Sendable, Equatable {
        /// Left and right: StandBy's views.
        case horizontal
        /// Up and down: a slot's stack.
        case vertical
    }

    /// The direction pages move in.
    public let axis: Axis
    /// Where the pages show on the canvas, in pixels; pictures have its size.
    public let rect: IntRect

    /// Pages moving along `axis` inside `rect`.
    public init(axis: Axis, rect: IntRect) {
        self.axis = axis
        self.rect = rect
    }

    /// The pixels a page is long along the axis.
    public var extent: Int { axis == .horizontal ? rect.width : rect.height }

    /// Draws `frame` with `page` the picture of its page and `neighbour` that of its
    /// neighbour (nil: black there); returns the rectangle drawn.
    @discardableResult
    public func draw(_ frame: Pager.Frame, page: Bitmap, neighbour: Bitmap?, on canvas: Canvas)
        -> IntRect
    {
        let shift = Int((frame.offset * Double(extent)).rounded())
        let side = shift > 0 ? extent : -extent
        canvas.copy(page, to: origin(-shift), clippedTo: rect)
        if shift != 0 {
            if let neighbour {
                canvas.copy(neighbour, to: origin(side - shift), clippedTo: rect)
            } else {
                // Nothing beyond the last page: black where it would be.
                let strip =
                    axis == .horizontal
                    ? IntRect(
                        x: rect.x + side - shift, y: rect.y, width: rect.width, height: rect.height)
                    : IntRect(
                        x: rect.x, y: rect.y + side - shift, width: rect.width, height: rect.height)
                let black = strip.intersection(rect)
                canvas.withSavedState {
                    canvas.fill(black.rect, with: Paint(color: RGBA(red: 0, green: 0, blue: 0)))
                }
            }
        }
        return rect
    }

    /// Where a picture moved by `delta` pixels along the axis lands.
    private func origin(_ delta: Int) -> (x: Int, y: Int) {
        axis == .horizontal ? (rect.x + delta, rect.y) : (rect.x, rect.y + delta)
    }
}
