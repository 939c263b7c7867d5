import FoundationEssentials
import Raster
import StandbyViews

/// The photos view on the screen: the slideshow (``StandbyViews/PhotosView``) drawn on the
/// screen's canvas.
final class PhotosPage: ScreenView {
    /// The slideshow, with its thread.
    let photos: PhotosView
    private let canvas: Canvas

    init(_ photos: PhotosView, canvas: Canvas) {
        self.photos = photos
        self.canvas = canvas
    }

    func drawChanges(_ content: ViewContent, at now: Date) -> (damage: [IntRect], drawn: [String]) {
        photos.update(at: now)
        let transform = content.style.colorTransform
        guard photos.needsDrawing(at: now, colorTransform: transform) else { return ([], []) }
        return (photos.draw(on: canvas, at: now, colorTransform: transform), [])
    }

    func comesOnScreen(at now: Date) {
        photos.resume(at: now)
    }

    func drawPicture(on canvas: Canvas, _ content: ViewContent, at now: Date) {
        photos.update(at: now)
        photos.invalidate()
        photos.draw(on: canvas, at: now, colorTransform: content.style.colorTransform)
        // The screen's canvas is drawn whole the next time.
        photos.invalidate()
    }

    func nextChange(after now: Date) -> Date? {
        photos.nextChange(after: now)
    }

    func isMoving(at now: Date) -> Bool {
        photos.isMoving(at: now)
    }

    func destination(at point: Point) -> URL? { nil }

    var isLoading: Bool { photos.isLoading }

    func prepare(at now: Date, shown: Bool) {
        photos.update(at: now, advancing: shown)
    }
}
