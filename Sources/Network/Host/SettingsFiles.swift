import SystemSupport

extension HTTPSettings {
    /// The fewest characters a token has.
    public static let shortestToken = 16

    /// The token in ``tokenFile``, checked: at least ``shortestToken`` printable ASCII
    /// characters without spaces.
    ///
    /// The one check of the token: the server takes it when it starts, and `check-config`
    /// reads it the same way, so a file the server would refuse fails the check too.
    public func readToken() throws(SettingsFileError) -> String {
        let token = try SecretFile.read(tokenFile, key: "token_file")
        guard token.utf8.count >= Self.shortestToken,
            token.utf8.allSatisfy({ (0x21...0x7E).contains($0) })
        else {
            throw SettingsFileError(
                key: "token_file", path: tokenFile,
                problem: "expected a token of at least \(Self.shortestToken) printable "
                    + "characters without spaces, such as the output of openssl rand -hex 32")
        }
        return token
    }
}

extension MQTTSettings {
    /// The largest CA file read: a system's whole bundle is about 210 KiB
    /// (`wc -c /etc/ssl/certs/ca-certificates.crt` on Debian 13).
    public static let largestCAFile = 1 << 20

    /// The password in ``passwordFile``; nil when there is none.
    ///
    /// The bridge reads it when it starts, and `check-config` the same way.
    public func readPassword() throws(SettingsFileError) -> String? {
        guard let passwordFile else { return nil }
        return try SecretFile.read(passwordFile, key: "password_file")
    }

    /// Checks ``caFile`` before TLS opens it: a regular file (read without blocking, so a
    /// FIFO can't hold the client's thread in libmosquitto's `fopen`) of at most
    /// ``largestCAFile`` bytes holding PEM certificates, the only form TLS reads.
    public func checkCAFile() throws(SettingsFileError) {
        guard let caFile else { return }
        switch BoundedFile.read(caFile, limit: Self.largestCAFile) {
        case .success(let bytes):
            guard String(decoding: bytes, as: UTF8.self).contains("-----BEGIN CERTIFICATE-----")
            else {
                throw SettingsFileError(
                    key: "ca_file", path: caFile,
                    problem: "expected PEM certificates (-----BEGIN CERTIFICATE-----)")
            }
        case .failure(let error):
            throw SettingsFileError(key: "ca_file", path: caFile, error)
        }
    }
}
