/// The `Illustration_48x48@1` of the ZIM: the theme's icon (the site's favicon too), which
/// Kiwix shows in its library. openZIM requires a 48×48 PNG, so anything else is refused here
/// rather than by `zimcheck` later.
struct ZimIllustration {
    /// Where the build puts it, from `Themes/<theme>/assets/`.
    static let sitePath = "assets/icon-48.png"
    static let size = 48

    let png: [UInt8]

    /// The icon the site holds at `sitePath`, nil when it has none.
    init(png bytes: [UInt8]?) throws(ZimError) {
        let file = Self.sitePath
        guard let bytes else {
            throw ZimError(file: file, reason: .illustration("the theme has no assets/icon-48.png"))
        }
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        // The IHDR chunk comes first: its width and height are big-endian at bytes 16 and 20.
        guard bytes.count > 24, Array(bytes[0..<8]) == signature, Array(bytes[12..<16]) == Array("IHDR".utf8) else {
            throw ZimError(file: file, reason: .illustration("it is not a PNG file"))
        }
        let width = bytes[16..<20].reduce(0) { $0 << 8 | Int($1) }
        let height = bytes[20..<24].reduce(0) { $0 << 8 | Int($1) }
        guard width == Self.size, height == Self.size else {
            throw ZimError(file: file, reason: .illustration("it is \(width)×\(height) pixels, not 48×48"))
        }
        png = bytes
    }
}
