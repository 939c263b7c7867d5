import CSystemSupport

/// The types linked into the program that conform to a protocol, found through the conformance
/// records the Swift compiler writes for every `struct X: P` (the way a program finds what
/// macros declared, without a list anyone keeps).
///
/// ```swift
/// let previews = ConformingTypes.all(module: "Widgets", protocol: "PreviewRegistry")
///     .compactMap { $0 as? any PreviewRegistry.Type }
/// ```
///
/// Only non-generic structs, enums and classes are found; cast each type to the protocol to
/// use it (the cast is what makes the result safe to use).
package enum ConformingTypes {
    /// The types that declare a conformance to the protocol `name` of `module`, in the order
    /// the linker laid their records out.
    package static func all(module: String, protocol name: String) -> [Any.Type] {
        let count = Int(nightstand_conforming_types(module, name, nil, 0))
        guard count > 0 else { return [] }
        var metadata = [UnsafeRawPointer?](repeating: nil, count: count)
        let found = metadata.withUnsafeMutableBufferPointer { buffer in
            Int(nightstand_conforming_types(module, name, buffer.baseAddress, UInt(count)))
        }
        return metadata.prefix(min(found, count)).compactMap { pointer in
            pointer.map { unsafeBitCast($0, to: Any.Type.self) }
        }
    }
}
