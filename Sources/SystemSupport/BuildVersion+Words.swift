extension BuildVersion {
    /// The version as `nightstand --version` prints it: the package version, then the commit
    /// of a build from a git checkout.
    ///
    /// ```
    /// 0.1.0+git20261128.a005933
    /// commit a0059330c98642ef1d9a64165865e9a138241727
    /// ```
    public static var words: String {
        version + (commit.map { "\ncommit \($0)" } ?? "")
    }
}
