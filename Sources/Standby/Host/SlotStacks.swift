import FoundationEssentials

/// The stacks of the slots and which widget each shows: Smart Rotate, interval rotation, or
/// always the first.
///
/// Smart Rotate shows the widget whose current entry has the highest relevance (ties go to
/// the first listed); with no relevance it rotates on its interval if it has one, else stays
/// on the first. Rotation steps fall on whole multiples of the interval since 1970, so every
/// host shows the same widget at the same time.
struct SlotStacks {
    /// How long Smart Rotate (or interval rotation) leaves alone a stack a finger or a key
    /// stepped: ten minutes, then the stack rotates again.
    static let pause: TimeInterval = 600

    /// The slots, left to right.
    let slots: [Configuration.Slot]
    /// The runtime indices of each slot's widgets, in stack order.
    let members: [[Int]]
    /// Stacks stepped by hand: the runtime shown, until when.
    private var held: [Int: (runtime: Int, until: Date)] = [:]

    /// The stacks of `slots`, finding each widget id among `ids` (the runtimes' ids, in order).
    init(_ slots: [Configuration.Slot], ids: [String]) {
        self.slots = slots
        members = slots.map { slot in slot.widgets.compactMap { ids.firstIndex(of: $0) } }
    }

    /// How many slots there are.
    var count: Int { slots.count }

    /// Shows `runtime` in `slot` until `until`, whatever the rotation says: a stack stepped
    /// by hand pauses its rotation.
    mutating func hold(slot: Int, runtime: Int, until: Date) {
        guard slots.indices.contains(slot), members[slot].contains(runtime) else { return }
        held[slot] = (runtime, until)
    }

    /// The runtime index a slot shows at `now`; `relevance` gives a runtime's current score.
    func shown(ofSlot slot: Int, at now: Date, relevance: (Int) -> Float) -> Int {
        if let hold = held[slot], now < hold.until { return hold.runtime }
        let members = members[slot]
        guard members.count > 1 else { return members.first ?? 0 }
        let interval: TimeInterval?
        switch slots[slot].rotation {
        case .off: return members[0]
        case .every(let seconds): interval = seconds
        case .smart(let seconds):
            let scores = members.map(relevance)
            if let best = scores.max(), best > 0, let first = scores.firstIndex(of: best) {
                return members[first]
            }
            interval = seconds
        }
        guard let interval else { return members[0] }
        // Rotation intervals are at least 5 s (Configuration.rotationIntervals): the step fits.
        let step = Int((now.timeIntervalSince1970 / interval).rounded(.down))
        return members[step % members.count]
    }

    /// The next instant after `now` at which a rotating stack steps, or a pause ends.
    func nextRotation(after now: Date) -> Date? {
        var next: Date?
        for hold in held.values where hold.until > now {
            next = min(next ?? hold.until, hold.until)
        }
        for slot in slots {
            switch slot.rotation {
            case .every(let interval), .smart(.some(let interval)):
                let t = now.timeIntervalSince1970
                let step = Date(
                    timeIntervalSince1970: ((t / interval).rounded(.down) + 1) * interval)
                next = min(next ?? step, step)
            case .smart(nil), .off:
                break
            }
        }
        return next
    }
}
