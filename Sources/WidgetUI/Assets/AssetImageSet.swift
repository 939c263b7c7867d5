import Foundation

/// An image set of a catalog: its bitmaps at their scales, for the appearance StandBy draws.
struct AssetImageSet: Sendable {
    /// A bitmap file and the scale it was drawn for (2 for `@2x`).
    struct Variant: Equatable, Sendable {
        let path: String
        let scale: Double
    }

    /// The PNG and JPEG files of the best-suited appearance (dark, else any, else light),
    /// by scale.
    let variants: [Variant]
    /// Why the set has no bitmap to draw, when ``variants`` is empty.
    let problem: AssetProblem?

    /// The extensions of the bitmaps that are drawn.
    static let bitmapExtensions: Set<String> = ["png", "jpg", "jpeg"]

    init(folder: String) {
        let file = folder + "/Contents.json"
        guard let contents = AssetContents(folder: folder) else {
            variants = []
            problem = AssetProblem(file: file, detail: "not a readable Contents.json")
            return
        }
        let entries = (contents.images ?? []).filter { $0.filename != nil }.bestAppearance
        variants = entries.compactMap { entry in
            guard let name = entry.filename,
                Self.bitmapExtensions.contains((name as NSString).pathExtension.lowercased())
            else { return nil }
            let scale = entry.scale.flatMap { Double($0.dropLast()) } ?? 1
            return Variant(path: folder + "/" + name, scale: max(scale, 1))
        }
        if !variants.isEmpty {
            problem = nil
        } else if let other = entries.compactMap(\.filename).first {
            problem = AssetProblem(
                file: file,
                detail: "\(other) is not a bitmap Nightstand draws (PDF, SVG and HEIC are not "
                    + "read); expected PNG or JPEG files at 1x, 2x or 3x")
        } else {
            problem = AssetProblem(file: file, detail: "no image file in \"images\"")
        }
    }

    /// The variant for a display of `displayScale` pixels per point: the smallest scale at
    /// least as fine, otherwise the finest there is.
    func variant(for displayScale: Double) -> Variant? {
        let byScale = variants.sorted { $0.scale < $1.scale }
        return byScale.first { $0.scale >= displayScale - 0.01 } ?? byScale.last
    }
}
