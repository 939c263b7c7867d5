/// Cuts flattened polylines into dashes (the "on" intervals of a dash pattern).
enum Dasher {
    /// The dashes of `lines` for `pattern` (on, off, on, off, …; an odd count repeats twice, as
    /// CoreGraphics does) starting `phase` into the pattern. Lengths are in canvas pixels.
    static func dash(_ lines: [Polyline], pattern rawPattern: [Double], phase: Double) -> [Polyline] {
        let pattern = rawPattern.count % 2 == 1 ? rawPattern + rawPattern : rawPattern
        let total = pattern.reduce(0, +)
        guard total > 0, pattern.allSatisfy({ $0 >= 0 }) else { return lines }
        var out: [Polyline] = []
        for line in lines {
            var pts = line.points
            var smooth = line.smooth
            if line.closed, let first = pts.first {
                pts.append(first)
                smooth.append(false)
            }
            // Where in the pattern the line starts.
            var index = 0
            var left = pattern[0]
            var skip = phase.truncatingRemainder(dividingBy: total)
            if skip < 0 { skip += total }
            while skip > 0 {
                if skip >= left {
                    skip -= left
                    index = (index + 1) % pattern.count
                    left = pattern[index]
                } else {
                    left -= skip
                    skip = 0
                }
            }
            var current = Polyline()
            if index % 2 == 0, let first = pts.first { current.add(first, smooth: false) }
            for i in 1..<max(pts.count, 1) {
                var a = pts[i - 1]
                let b = pts[i]
                var segLeft = (b - a).length
                while segLeft > 0 {
                    let step = min(segLeft, left)
                    let p = a.lerp(to: b, step / segLeft)
                    segLeft -= step
                    left -= step
                    a = p
                    if index % 2 == 0 { current.add(p, smooth: segLeft > 0 ? false : smooth[i]) }
                    if left <= 1e-12 {
                        if index % 2 == 0 {
                            if current.points.count > 1 { out.append(current) }
                            current = Polyline()
                        } else {
                            current = Polyline()
                            current.add(p, smooth: false)
                        }
                        index = (index + 1) % pattern.count
                        left = pattern[index]
                    }
                }
            }
            if index % 2 == 0, current.points.count > 1 { out.append(current) }
        }
        return out
    }
}
