import SwiftCompilerPlugin
import SwiftSyntax
import SwiftSyntaxMacros

/// `#Preview`'s expansion: a type conforming to `PreviewRegistry` whose `preview` is a
/// `Preview` made from the macro's own arguments, its trailing closures passed by label, and
/// where it stands (`#fileID`, line).
///
/// ```swift
/// #Preview("Tides", as: .systemSmall) { TideWidget() } timeline: { TideEntry.low }
/// // becomes
/// struct $s…Preview…: NightstandKit.PreviewRegistry {
///     static var preview: NightstandKit.Preview {
///         NightstandKit.Preview(fileID: "MyDisplay/Tides.swift", line: 12, "Tides",
///             as: .systemSmall, widget: { TideWidget() }, timeline: { TideEntry.low })
///     }
/// }
/// ```
///
/// The arguments were checked against the macro's declaration before this runs, so the call
/// type-checks against `Preview`'s matching initializer.
public struct PreviewMacro: DeclarationMacro {
    /// The `PreviewRegistry` type standing for one `#Preview`.
    public static func expansion(
        of node: some FreestandingMacroExpansionSyntax, in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        // Where the macro stands, as `#fileID` and `#line` would say (literals).
        let location = context.location(of: node, at: .afterLeadingTrivia, filePathMode: .fileID)
        var arguments = [
            "fileID: \(location?.file.trimmedDescription ?? "\"\"")",
            "line: \(location?.line.trimmedDescription ?? "0")",
        ]
        let labels = node.arguments.map { $0.label?.text }
        arguments += node.arguments.map { argument in
            argument.with(\.trailingComma, nil).trimmedDescription
        }
        if let closure = node.trailingClosure {
            // The first trailing closure is the widget (after `as:`) or the view's body.
            let label = labels.contains("as") ? "widget" : "body"
            arguments.append("\(label): \(closure.trimmedDescription)")
        }
        for closure in node.additionalTrailingClosures {
            arguments.append("\(closure.label.text): \(closure.closure.trimmedDescription)")
        }
        let name = context.makeUniqueName("Preview")
        return [
            """
            struct \(name): NightstandKit.PreviewRegistry {
                static var preview: NightstandKit.Preview {
                    NightstandKit.Preview(\(raw: arguments.joined(separator: ", ")))
                }
            }
            """
        ]
    }
}
