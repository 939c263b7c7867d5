/// Which photo comes next: the folder's photos by name, or shuffled anew for each pass, never
/// the same photo twice in a row where there are two or more.
///
/// ```swift
/// var show = Slideshow(order: .shuffle, seed: 42)
/// show.replace(with: scan.photos)
/// show.next()   // "2024/beach.jpg"
/// ```
struct Slideshow {
    let order: PhotosConfiguration.Order
    /// The photos of the last scan, less those that failed.
    private(set) var photos: [String] = []
    /// Photos that could not be decoded: not tried again.
    private(set) var failed: Set<String> = []
    /// What is left of this pass, next first.
    private var queue: [String] = []
    private var last: String?
    private var generator: SplitMix64

    init(order: PhotosConfiguration.Order, seed: UInt64) {
        self.order = order
        generator = SplitMix64(seed: seed)
    }

    /// Whether this pass is over (a good moment to read the folder again).
    var passIsOver: Bool { queue.isEmpty }

    /// Takes a new scan's photos; photos gone from the folder leave the current pass.
    mutating func replace(with scanned: [String]) {
        photos = scanned.filter { !failed.contains($0) }
        let present = Set(photos)
        queue.removeAll { !present.contains($0) }
    }

    /// Drops a photo that could not be decoded, for good.
    mutating func fail(_ photo: String) {
        failed.insert(photo)
        photos.removeAll { $0 == photo }
        queue.removeAll { $0 == photo }
    }

    /// The next photo, starting a new pass when this one is over; nil without photos.
    mutating func next() -> String? {
        if queue.isEmpty {
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
