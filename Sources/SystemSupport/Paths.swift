/// File paths as strings, the way `NSString`'s path methods treat them.
package enum Paths {
    /// The directory part of `path`: `"/run/nightstand"` for `"/run/nightstand/control"`,
    /// `"/"` for `"/x"`, and `""` for a bare name.
    package static func directory(of path: String) -> String {
        var path = Substring(path)
        while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// The last component of `path`: `"control"` for `"/run/nightstand/control/"`.
    package static func name(of path: String) -> String {
        let trimmed = path.count > 1 ? path.trimming { $0 == "/" } : path
        return String(trimmed.split(separator: "/").last ?? Substring(trimmed))
    }

    /// `relative` inside `directory`, with one slash between them.
    package static func join(_ directory: String, _ relative: String) -> String {
        directory.isEmpty || directory.hasSuffix("/")
            ? directory + relative : "\(directory)/\(relative)"
    }
}
