import WenjinBuildSupport

extension PageFingerprint {
    /// The fingerprint of a file given as bytes (theme files, search files, feeds): a digest of
    /// the bytes themselves, seeded apart from page contexts. Digesting is far cheaper than
    /// reading the previous file back to compare.
    init(contents: [UInt8]) {
        var digest = Self.contentsDigest()
        contents.withUnsafeBytes { digest.add(bytes: $0) }
        self.init(value: digest.finish())
    }

    /// `init(contents:)` of bytes where they lie.
    init(contents bytes: UnsafeRawBufferPointer) {
        var digest = Self.contentsDigest()
        digest.add(bytes: bytes)
        self.init(value: digest.finish())
    }

    /// `init(contents:)` of a text's UTF-8 bytes, read where they lie (an image's fingerprint
    /// is its path's: `StagedOutput.placeImages`).
    init(utf8 text: String) {
        var digest = Self.contentsDigest()
        // Where a native text's bytes lie: `withUTF8` needs a mutable copy, retained and released.
        if text.utf8.withContiguousStorageIfAvailable({ digest.add(bytes: UnsafeRawBufferPointer($0)) }) == nil {
            var text = text
            text.withUTF8 { digest.add(bytes: UnsafeRawBufferPointer($0)) }
        }
        self.init(value: digest.finish())
    }

    /// The digest `init(contents:)` starts from, for bytes digested as they are written
    /// (`SidecarWriter`).
    static func contentsDigest() -> ContentDigest {
        var digest = ContentDigest(seed: 0x6F75_7470_7574_2D31)
        digest.add(tag: 9)
        return digest
    }
}
