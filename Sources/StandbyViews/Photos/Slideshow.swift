/// Which photo comes next: the folder's photos by name, or shuffled anew for each pass, never
/// the same photo twice in a row where there are two or more.
///
/// A pass ends when each photo came once; the next begins from the photos of the latest scan
/// (``replace(with:)``), or again from the same ones when no scan came since (the view reads
/// the folder at most once a minute). A photo that could not be shown is left out until the
/// file changes (another ``PhotoLibrary/FileVersion``: copied again, fixed, replaced).
///
/// ```swift
/// var show = Slideshow(order: .shuffle, seed: 42)
/// show.replace(with: scan)
/// show.next()   // "2024/beach.jpg"
/// ```
struct Slideshow {
    let order: PhotosConfiguration.Order
    /// The photos of the last scan, less those that failed.
    private(set) var photos: [PhotoPath] = []
    /// Photos that could not be shown, and the version of the file that failed.
    private var failed: [PhotoPath: PhotoLibrary.FileVersion] = [:]
    /// The last scan's versions.
    private var versions: [PhotoPath: PhotoLibrary.FileVersion] = [:]
    /// What is left of this pass, next first.
    private var queue: [PhotoPath] = []
    /// Whether a scan came since the last pass began.
    private var scanned = false
    private var last: PhotoPath?
    private var generator: SplitMix64

    init(order: PhotosConfiguration.Order, seed: UInt64) {
        self.order = order
        generator = SplitMix64(seed: seed)
    }

    /// Whether this pass is over and no scan came since it began: the moment to read the
    /// folder again.
    var wantsScan: Bool { queue.isEmpty && !scanned }

    /// Takes a new scan's photos; photos gone from the folder leave the current pass, and a
    /// photo that failed is tried again if its file changed.
    mutating func replace(with scan: PhotoLibrary.Scan) {
        versions = scan.versions
        failed = failed.filter { scan.versions[$0.key] == $0.value }
        photos = scan.photos.filter { failed[$0] == nil }
        let present = Set(photos)
        queue.removeAll { !present.contains($0) }
        scanned = true
    }

    /// Leaves out a photo that could not be shown, until its file changes.
    mutating func fail(_ photo: PhotoPath) {
        if let version = versions[photo] { failed[photo] = version }
        photos.removeAll { $0 == photo }
        queue.removeAll { $0 == photo }
    }

    /// The next photo, starting a new pass when this one is over; nil without photos.
    mutating func next() -> PhotoPath? {
        if queue.isEmpty {
            scanned = false
            queue = photos
            if order == .shuffle {
                queue.shuffle(using: &generator)
                // A new pass never starts with the photo the last one ended on.
                if queue.count > 1, queue.first == last { queue.swapAt(0, queue.count - 1) }
            }
        }
        guard !queue.isEmpty else { return nil }
        let photo = queue.removeFirst()
        last = photo
        return photo
    }
}

/// A small, fast, seedable generator (Steele, Lea and Flood's SplitMix64): shuffles that tests
/// can repeat.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
