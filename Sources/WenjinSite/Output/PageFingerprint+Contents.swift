import WenjinBuildSupport

extension PageFingerprint {
    /// The fingerprint of a file given as bytes (theme files, search files, feeds): a digest of
    /// the bytes themselves, seeded apart from page contexts. Digesting is far cheaper than
    /// reading the previous file back to compare.
    init(contents: [UInt8]) {
        var digest = ContentDigest(seed: 0x6F75_7470_7574_2D31)
        digest.add(tag: 9)
        contents.withUnsafeBytes { digest.add(bytes: $0) }
        self.init(value: digest.finish())
    }
}
