import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// `@Animatable`: the `Animatable` conformance and its `animatableData`, made of the type's
/// stored `var`s, as SwiftUI's macro of that name.
///
/// One property gives its own `AnimatableData`; more give nested `AnimatablePair`s in the
/// order they are declared (`AnimatablePair<A, AnimatablePair<B, C>>`). `@AnimatableIgnored`,
/// `let`, `static` and computed properties take no part; a type that declares its own
/// `animatableData` keeps it. Each property's type must be written out (a macro sees no
/// inferred types).
public struct AnimatableMacro: MemberMacro, ExtensionMacro {
    /// The `animatableData` member, unless the type declares one or has nothing to animate.
    public static func expansion(
        of node: AttributeSyntax, providingMembersOf declaration: some DeclGroupSyntax,
        conformingTo protocols: [TypeSyntax], in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        guard !declaresAnimatableData(declaration) else { return [] }
        let parts = try animatedProperties(of: declaration, in: context)
        guard !parts.isEmpty else { return [] }
        let access = accessLevel(of: declaration)
        return [
            """
            \(raw: access)var animatableData: \(raw: dataType(parts)) {
                get { \(raw: getter(parts)) }
                set { \(raw: setters(parts, value: "newValue").joined(separator: "; ")) }
            }
            """
        ]
    }

    /// The `Animatable` conformance, when the type lacks it.
    public static func expansion(
        of node: AttributeSyntax, attachedTo declaration: some DeclGroupSyntax,
        providingExtensionsOf type: some TypeSyntaxProtocol, conformingTo protocols: [TypeSyntax],
        in context: some MacroExpansionContext
    ) throws -> [ExtensionDeclSyntax] {
        // The compiler lists `Animatable` only when the type doesn't conform already (a
        // `Shape` does).
        guard !protocols.isEmpty else { return [] }
        return [try ExtensionDeclSyntax("extension \(type.trimmed): Animatable {}")]
    }

    /// A stored property that takes part: its name and its type as written.
    struct Part {
        var name: String
        var type: String
    }

    /// Types that never animate, named in a clear error rather than the compiler's about a
    /// missing `AnimatableData`.
    static let notAnimatable: Set<String> = [
        "Bool", "String", "Substring", "Character", "Int", "Int8", "Int16", "Int32", "Int64",
        "UInt", "UInt8", "UInt16", "UInt32", "UInt64", "Color", "Date", "URL", "Font", "Text",
    ]

    static func declaresAnimatableData(_ declaration: some DeclGroupSyntax) -> Bool {
        declaration.memberBlock.members.contains { member in
            member.decl.as(VariableDeclSyntax.self)?.bindings.contains {
                $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == "animatableData"
            } ?? false
        }
    }

    /// The stored instance `var`s not marked `@AnimatableIgnored`, in order.
    static func animatedProperties(
        of declaration: some DeclGroupSyntax, in context: some MacroExpansionContext
    ) throws -> [Part] {
        var parts: [Part] = []
        for member in declaration.memberBlock.members {
            guard let variable = member.decl.as(VariableDeclSyntax.self),
                variable.bindingSpecifier.tokenKind == .keyword(.var),
                !variable.modifiers.contains(where: {
                    ["static", "class", "lazy"].contains($0.name.text)
                }),
                !variable.attributes.contains(where: isIgnored)
            else { continue }
            let bindings = Array(variable.bindings)
            for (i, binding) in bindings.enumerated() where isStored(binding) {
                guard let name = binding.pattern.as(IdentifierPatternSyntax.self) else { continue }
                // `var a, b: Double`: the type is written on the last of a run.
                guard let type = bindings[i...].lazy.compactMap(\.typeAnnotation).first else {
                    throw diagnostic(
                        at: binding,
                        "@Animatable needs the type of '\(name.identifier.text)' written out "
                            + "(as 'var \(name.identifier.text): Double'), or mark it "
                            + "@AnimatableIgnored")
                }
                let typeName = type.type.trimmedDescription
                if notAnimatable.contains(typeName) || typeName.hasSuffix("?") {
                    throw diagnostic(
                        at: binding,
                        "'\(name.identifier.text)' is a \(typeName), which can't animate: mark "
                            + "it @AnimatableIgnored, or make it 'let'")
                }
                parts.append(Part(name: name.identifier.text, type: typeName))
            }
        }
        return parts
    }

    static func isIgnored(_ attribute: AttributeListSyntax.Element) -> Bool {
        attribute.as(AttributeSyntax.self)?.attributeName.trimmedDescription
            == "AnimatableIgnored"
    }

    /// Whether a binding stores its value: no accessors, or only `willSet`/`didSet`.
    static func isStored(_ binding: PatternBindingSyntax) -> Bool {
        switch binding.accessorBlock?.accessors {
        case nil: true
        case .getter: false
        case .accessors(let accessors):
            accessors.allSatisfy {
                [.keyword(.willSet), .keyword(.didSet)].contains($0.accessorSpecifier.tokenKind)
            }
        }
    }

    /// `public ` for a public or open type (its conformance must be public), else nothing.
    static func accessLevel(of declaration: some DeclGroupSyntax) -> String {
        let names = declaration.modifiers.map(\.name.text)
        if names.contains("public") || names.contains("open") { return "public " }
        if names.contains("package") { return "package " }
        return ""
    }

    /// `A.AnimatableData`, or `AnimatablePair<A.AnimatableData, …>` nested to the right.
    static func dataType(_ parts: [Part]) -> String {
        let first = "\(parts[0].type).AnimatableData"
        guard parts.count > 1 else { return first }
        return "AnimatablePair<\(first), \(dataType(Array(parts.dropFirst())))>"
    }

    static func getter(_ parts: [Part]) -> String {
        let first = "\(parts[0].name).animatableData"
        guard parts.count > 1 else { return first }
        return "AnimatablePair(\(first), \(getter(Array(parts.dropFirst()))))"
    }

    /// One assignment per property from `value`: `.first` of each pair, the last `.second`.
    static func setters(_ parts: [Part], value: String) -> [String] {
        guard parts.count > 1 else { return ["\(parts[0].name).animatableData = \(value)"] }
        return ["\(parts[0].name).animatableData = \(value).first"]
            + setters(Array(parts.dropFirst()), value: "\(value).second")
    }

    static func diagnostic(at node: some SyntaxProtocol, _ message: String) -> DiagnosticsError {
        DiagnosticsError(diagnostics: [
            Diagnostic(node: Syntax(node), message: AnimatableMessage(message: message))
        ])
    }
}

/// `@AnimatableIgnored`: marks a property `@Animatable` leaves out; it adds nothing.
public struct AnimatableIgnoredMacro: AccessorMacro {
    /// No accessors: the attribute only marks the property.
    public static func expansion(
        of node: AttributeSyntax, providingAccessorsOf declaration: some DeclSyntaxProtocol,
        in context: some MacroExpansionContext
    ) throws -> [AccessorDeclSyntax] {
        []
    }
}

/// An error of `@Animatable`, shown at the property.
struct AnimatableMessage: DiagnosticMessage {
    var message: String
    var diagnosticID: MessageID { MessageID(domain: "NightstandMacros", id: "Animatable") }
    var severity: DiagnosticSeverity { .error }
}
