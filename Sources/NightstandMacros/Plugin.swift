import SwiftCompilerPlugin
import SwiftSyntaxMacros

/// The compiler plugin of NightstandKit's macros: the compiler runs it on the build machine to
/// expand them, and nothing of it (nor swift-syntax) is linked into a program.
@main
struct NightstandMacrosPlugin: CompilerPlugin {
    let providingMacros: [any Macro.Type] = [
        PreviewMacro.self, AnimatableMacro.self, AnimatableIgnoredMacro.self,
    ]
}
