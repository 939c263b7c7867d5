import Raster

extension DisplayList {
    /// Draws the list on a canvas, `scale` pixels per point, as vector drawing.
    ///
    /// The canvas's current transform, clip and color transform apply on top (a color-transform
    /// effect is followed by the canvas's: the rendering mode first, then night's red tint);
    /// its state is restored afterwards.
    func draw(on canvas: Canvas, scale: Double) {
        let ends = matchingEnds()
        canvas.withSavedState {
            canvas.concatenate(Transform(scaleX: scale, y: scale))
            draw(items.indices, ends: ends, base: canvas.colorTransform, on: canvas)
        }
    }

    /// For each push, the index of its pop (an unmatched push runs to the end).
    private func matchingEnds() -> [Int: Int] {
        var ends: [Int: Int] = [:]
        var open: [Int] = []
        for (i, item) in items.enumerated() {
            switch item {
            case .push: open.append(i)
            case .pop: if let start = open.popLast() { ends[start] = i }
            case .fill, .stroke, .text, .image: break
            }
        }
        for start in open { ends[start] = items.count }
        return ends
    }

    private func draw(
        _ range: Range<Int>, ends: [Int: Int], base: ColorTransform, on canvas: Canvas
    ) {
        var i = range.lowerBound
        while i < range.upperBound {
            switch items[i] {
            case .fill(let path, let shading):
                canvas.fill(path, with: shading.paint(in: path.boundingRect))
            case .stroke(let path, let shading, let style):
                canvas.stroke(path, with: shading.paint(in: path.boundingRect), style: style)
            case .text(let run):
                let box = Rect(origin: run.origin, size: run.layout.size)
                canvas.draw(
                    run.layout, at: run.origin, paints: run.shadings.map { $0.paint(in: box) })
            case .image(let run):
                canvas.draw(run.bitmap, in: run.rect)
            case .push(let effect):
                let end = ends[i] ?? range.upperBound
                let inner = (i + 1)..<end
                switch effect {
                case .opacity(let opacity):
                    canvas.withLayer(opacity: Float(opacity)) { layer in
                        draw(inner, ends: ends, base: base, on: layer)
                    }
                case .clip(let path, let rule):
                    canvas.withSavedState {
                        canvas.clip(to: path, rule: rule)
                        draw(inner, ends: ends, base: base, on: canvas)
                    }
                case .transform(let transform):
                    canvas.withSavedState {
                        canvas.concatenate(transform)
                        draw(inner, ends: ends, base: base, on: canvas)
                    }
                case .colorTransform(let transform):
                    canvas.withSavedState {
                        canvas.colorTransform = transform.concatenating(base)
                        draw(inner, ends: ends, base: base, on: canvas)
                    }
                }
                i = end
            case .pop:
                break
            }
            i += 1
        }
    }
}
