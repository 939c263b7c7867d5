/// Lines of a byte stream that arrives in pieces, each at most `limit` bytes: a longer line is
/// skipped whole (reported by its length once it ends), so at most `limit` bytes are kept.
struct LineSplitter {
    /// The longest line handed on.
    let limit: Int
    private var pending: [UInt8] = []
    /// The length so far of a line being skipped; nil when none is.
    private var skipping: Int?

    init(limit: Int) {
        self.limit = limit
    }

    /// Takes the next bytes; calls `line` with each complete line (without `\n`, nor a `\r`
    /// before it) and `overlong` with the length of each line skipped.
    mutating func take(
        _ bytes: some Collection<UInt8>, line: ([UInt8]) -> Void, overlong: (Int) -> Void
    ) {
        for byte in bytes {
            if byte == 10 {
                if let skipped = skipping {
                    overlong(skipped)
                    skipping = nil
                } else {
                    if pending.last == 13 { pending.removeLast() }
                    line(pending)
                }
                pending.removeAll(keepingCapacity: true)
            } else if let skipped = skipping {
                skipping = skipped + 1
            } else if pending.count == limit {
                skipping = pending.count + 1
                pending.removeAll(keepingCapacity: true)
            } else {
                pending.append(byte)
            }
        }
    }
}
