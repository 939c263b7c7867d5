import Foundation
import Raster
import Widgets

/// One picture of a preview, as the `previews` command writes it and NightstandTesting's
/// `assertPreviews` checks it.
public struct PreviewPicture {
    /// The file name without `.png`: `TideWidget-spring-tide-systemSmall-2-night`.
    public let name: String
    /// The pixels.
    public let canvas: Canvas
}

extension Preview {
    /// Every entry of every preview drawn by day and at night, named after the preview's file,
    /// its name (or its place among the file's previews), its family and the entry's place in
    /// the timeline: `TideWidget-spring-tide-systemSmall-1-day`, `Gauges-2-night` (a view).
    ///
    /// Each entry is drawn as of its own date; a view preview, and a provider's timeline, as of
    /// `date`. The pictures are StandBy's: the container background removed, on black, twice
    /// the family's size in points (``WidgetSnapshot``), in English (US) and UTC.
    ///
    /// ```swift
    /// for picture in await Preview.pictures(of: Preview.all, at: .now) {
    ///     try PNGEncoder.write(picture.canvas, to: "out/\(picture.name).png")
    /// }
    /// ```
    public static func pictures(
        of previews: [Preview], at date: Date, fonts: FontDatabase? = nil
    ) async -> [PreviewPicture] {
        var pictures: [PreviewPicture] = []
        var countInFile: [String: Int] = [:]
        for preview in previews {
            countInFile[preview.fileID, default: 0] += 1
            var stem =
                preview.fileStem + "-"
                + (preview.name.map(slug) ?? "\(countInFile[preview.fileID] ?? 1)")
            if preview.isWidget { stem += "-\(preview.family.rawValue)" }
            let entries = await preview.entries(at: date)
            for (index, entry) in entries.enumerated() {
                let entryStem = preview.isWidget ? "\(stem)-\(index + 1)" : stem
                let instant = preview.isWidget ? entry.date : date
                for (appearance, word) in [(DisplayAppearance.day, "day"), (.night, "night")] {
                    let snapshot = WidgetSnapshot(
                        family: preview.family, date: instant, appearance: appearance)
                    pictures.append(
                        PreviewPicture(
                            name: "\(entryStem)-\(word)",
                            canvas: preview.widget.picture(entry: entry, snapshot, fonts: fonts)))
                }
            }
        }
        return pictures
    }

    /// The declaring file's name without `.swift`.
    private var fileStem: String {
        let file = fileID.split(separator: "/").last.map(String.init) ?? fileID
        return file.hasSuffix(".swift") ? String(file.dropLast(6)) : file
    }
}

/// A name as a file name's part: lowercase, letters and digits, a hyphen for each run of
/// anything else (`"Spring tide (high)"` → `spring-tide-high`).
private func slug(_ name: String) -> String {
    var result = ""
    for character in name.lowercased() {
        if character.isLetter || character.isNumber {
            result.append(character)
        } else if !result.isEmpty && !result.hasSuffix("-") {
            result.append("-")
        }
    }
    while result.hasSuffix("-") { result.removeLast() }
    return result.isEmpty ? "preview" : result
}
