import CEvdev
import Input

/// Writes touch event sequences as a protocol-B driver reports them (the Pi's DSI panel):
/// slot selection, tracking ids, positions, the kernel's single-touch emulation for the first
/// contact, and a report closing each frame.
struct TouchScript {
    private(set) var events: [RawInputEvent] = []
    private(set) var time = 0.0
    private var slot = -1
    private var nextID: Int32 = 100
    private var down: Set<Int> = []
    private var frameStart = 0

    private mutating func emit(_ type: Int32, _ code: Int32, _ value: Int32) {
        events.append(RawInputEvent(type: type, code: code, value: value, time: time))
    }

    private mutating func select(_ slot: Int) {
        if slot != self.slot { emit(EV_ABS, ABS_MT_SLOT, Int32(slot)) }
        self.slot = slot
    }

    /// A finger comes down in `slot` at (`x`, `y`) in panel units.
    mutating func touch(slot: Int = 0, x: Int32, y: Int32) {
        select(slot)
        emit(EV_ABS, ABS_MT_TRACKING_ID, nextID)
        nextID += 1
        emit(EV_ABS, ABS_MT_POSITION_X, x)
        emit(EV_ABS, ABS_MT_POSITION_Y, y)
        if down.isEmpty { emit(EV_KEY, BTN_TOUCH, 1) }
        down.insert(slot)
        if slot == down.min() {
            emit(EV_ABS, ABS_X, x)
            emit(EV_ABS, ABS_Y, y)
        }
    }

    /// The finger in `slot` moves to (`x`, `y`).
    mutating func move(slot: Int = 0, x: Int32, y: Int32) {
        select(slot)
        emit(EV_ABS, ABS_MT_POSITION_X, x)
        emit(EV_ABS, ABS_MT_POSITION_Y, y)
        if slot == down.min() {
            emit(EV_ABS, ABS_X, x)
            emit(EV_ABS, ABS_Y, y)
        }
    }

    /// The finger in `slot` lifts.
    mutating func lift(slot: Int = 0) {
        select(slot)
        emit(EV_ABS, ABS_MT_TRACKING_ID, -1)
        down.remove(slot)
        if down.isEmpty { emit(EV_KEY, BTN_TOUCH, 0) }
    }

    /// Closes the frame, `after` seconds past the previous one.
    mutating func report(after: Double = 1.0 / 60) {
        time += after
        for i in frameStart..<events.count { events[i].time = time }
        emit(EV_SYN, SYN_REPORT, 0)
        frameStart = events.count
    }

    /// One finger from `from` to `to` in `frames` steps over `duration` seconds, then lifted
    /// (`hold` seconds after the last move).
    static func stroke(
        from: (Int32, Int32), to: (Int32, Int32), duration: Double, frames: Int = 10,
        hold: Double = 1.0 / 60
    ) -> TouchScript {
        var script = TouchScript()
        script.touch(x: from.0, y: from.1)
        script.report()
        for i in 1...frames {
            let t = Double(i) / Double(frames)
            script.move(
                x: from.0 + Int32((Double(to.0 - from.0) * t).rounded()),
                y: from.1 + Int32((Double(to.1 - from.1) * t).rounded()))
            script.report(after: duration / Double(frames))
        }
        script.lift()
        script.report(after: hold)
        return script
    }
}

/// Reads an event sequence in evemu-record's format: `E: <seconds> <type> <code> <value>`, type
/// and code in hex, other lines ignored.
func evemuEvents(_ text: String) -> [RawInputEvent] {
    text.split(separator: "\n").compactMap { line in
        let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
        guard fields.count >= 5, fields[0] == "E:", let time = Double(fields[1]),
            let type = UInt16(fields[2], radix: 16), let code = UInt16(fields[3], radix: 16),
            let value = Int32(fields[4])
        else { return nil }
        return RawInputEvent(type: type, code: code, value: value, time: time)
    }
}
