import Raster

extension DisplayList {
    /// Draws the list on a canvas, `scale` pixels per point, as vector drawing.
    ///
    /// The canvas's current transform, clip and color transform apply on top (a color-transform
    /// effect is followed by the canvas's: the rendering mode first, then night's red tint);
    /// its state is restored afterwards.
    func draw(on canvas: Canvas, scale: Double) {
        canvas.withSavedState {
            canvas.concatenate(Transform(scaleX: scale, y: scale))
            let base = canvas.colorTransform
            // A pop without a push is skipped.
            var i = 0
            while i < items.count {
                i = draw(from: i, base: base, on: canvas) + 1
            }
        }
    }

    /// Draws the items from `start` up to the pop that ends their level, and returns that
    /// pop's index (`items.count` when the list ends first): a push draws what follows it,
    /// up to its matching pop, under its effect.
    private func draw(from start: Int, base: ColorTransform, on canvas: Canvas) -> Int {
        var i = start
        while i < items.count {
            switch items[i] {
            case .fill(let path, let shading):
                Self.draw([shading], castingShadowsOn: canvas) {
                    $0.fill(path, with: $1[0].paint(in: path.boundingRect))
                }
            case .eoFill(let path, let shading):
                Self.draw([shading], castingShadowsOn: canvas) {
                    $0.fill(path, with: $1[0].paint(in: path.boundingRect), rule: .evenOdd)
                }
            case .stroke(let path, let shading, let style):
                Self.draw([shading], castingShadowsOn: canvas) {
                    $0.stroke(path, with: $1[0].paint(in: path.boundingRect), style: style)
                }
            case .text(let run):
                let box = Rect(origin: run.origin, size: run.layout.size)
                Self.draw(run.shadings, castingShadowsOn: canvas) {
                    $0.draw(run.layout, at: run.origin, paints: $1.map { $0.paint(in: box) })
                }
            case .image(let run):
                canvas.draw(run.bitmap, in: run.rect)
            case .push(let effect):
                var end = items.count
                switch effect {
                case .opacity(let opacity):
                    canvas.withLayer(opacity: Float(opacity)) { layer in
                        end = draw(from: i + 1, base: base, on: layer)
                    }
                case .clip(let path, let rule):
                    canvas.withSavedState {
                        canvas.clip(to: path, rule: rule)
                        end = draw(from: i + 1, base: base, on: canvas)
                    }
                case .transform(let transform):
                    canvas.withSavedState {
                        canvas.concatenate(transform)
                        end = draw(from: i + 1, base: base, on: canvas)
                    }
                case .shadow(let color, let radius, let offset):
                    canvas.withShadow(color: color, radius: radius, offset: offset) { layer in
                        end = draw(from: i + 1, base: base, on: layer)
                    }
                case .blur(let radius):
                    canvas.withBlur(radius: radius) { layer in
                        end = draw(from: i + 1, base: base, on: layer)
                    }
                case .colorTransform(let transform):
                    canvas.withSavedState {
                        canvas.colorTransform = transform.concatenating(base)
                        end = draw(from: i + 1, base: base, on: canvas)
                    }
                }
                i = end
            case .pop:
                return i
            }
            i += 1
        }
        return items.count
    }
}
