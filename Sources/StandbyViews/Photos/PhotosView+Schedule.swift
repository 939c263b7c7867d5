import FoundationEssentials
import Raster

extension PhotosView {
    /// The next instant the picture may change by itself after `now`: the next minute for
    /// the time, the moment to decode the next photo (``decodeLead`` before its turn), its
    /// turn when it is decoded, the next reading of a folder that had no photo to show; nil
    /// while the fade runs (it moves every frame: see ``isMoving(at:)``).
    public func nextChange(after now: Date) -> Date? {
        var next = configuration.overlay == .none ? nil : overlay.nextChange(after: now)
        if let due, upcoming != nil { next = min(next ?? due, due) }
        if let fading {
            let end = fading.since.addingTimeInterval(configuration.fade)
            next = min(next ?? end, end)
        }
        if !hidden, upcoming == nil, !isWorking, !slideshow.photos.isEmpty,
            let start = decodeStart, start > now
        {
            next = min(next ?? start, start)
        }
        if loader != nil, slideshow.photos.isEmpty, slideshow.wantsScan, upcoming == nil,
            !isWorking, let scan = nextScan
        {
            // Nothing to show until the folder is read again.
            next = min(next ?? scan, scan)
        }
        return next
    }

    /// When the next photo is to be decoded: ``decodeLead`` before the turn of the one
    /// showing ends; nil when none shows (the next is decoded at once).
    var decodeStart: Date? {
        guard current != nil, let due else { return nil }
        return due.addingTimeInterval(-Self.decodeLead)
    }

    /// The screen-sized pictures the view holds: the photo showing, the next one, the one
    /// fading out, and a fade's two photos as shown (each counted once).
    var heldPictures: Int {
        let pictures = [
            current?.slide, upcoming?.slide, fading?.slide, finishedPair?.from, finishedPair?.to,
        ]
        return Set(pictures.compactMap { $0.map(ObjectIdentifier.init) }).count
    }
}
