extension SiteConfig {
    /// What a build adds for a static host (`build.hosting`, docs/design.md#hosting): opt-in,
    /// since an offline mirror opened from disk needs none of it.
    package struct Hosting: Sendable, Equatable {
        /// A precompressed sibling of every text file (`page.html.gz`, `page.html.br`).
        package enum Encoding: String, Sendable, CaseIterable, Comparable {
            case gzip
            case brotli

            /// The sibling's extension, as nginx's `gzip_static` and `brotli_static` look for it.
            package var fileExtension: String {
                switch self {
                case .gzip: "gz"
                case .brotli: "br"
                }
            }

            package static func < (lhs: Encoding, rhs: Encoding) -> Bool { lhs.rawValue < rhs.rawValue }
        }

        /// The encodings written beside each text file; `[]` for none.
        package var precompress: [Encoding] = [.brotli, .gzip]
        /// Theme CSS and JavaScript under content-hashed names, so a host may cache them for a year.
        package var hashAssetNames = true
        /// A `_headers` file (Netlify and Cloudflare Pages format) with cache and security headers.
        package var headersFile = true
        /// How long a browser may keep a page (`Cache-Control: max-age`) before asking again.
        package var htmlMaxAgeSeconds = 300
        package init() {}
    }

    static func decodeHosting(_ reader: inout ConfigObjectReader) throws(SiteConfigError) -> Hosting {
        var hosting = Hosting()
        if let names = try reader.strings("precompress"), let node = reader.node("precompress") {
            var encodings: Set<Hosting.Encoding> = []
            for name in names {
                guard let encoding = Hosting.Encoding(rawValue: name) else {
                    let known = Hosting.Encoding.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: " or ")
                    throw reader.failure("precompress", at: node, .invalidValue(value: "\"\(name)\"", expected: known))
                }
                encodings.insert(encoding)
            }
            hosting.precompress = encodings.sorted()
        }
        if let hash = try reader.bool("hashAssetNames") { hosting.hashAssetNames = hash }
        if let headers = try reader.bool("headersFile") { hosting.headersFile = headers }
        if let seconds = try reader.integer("htmlMaxAgeSeconds", in: 0...31_536_000, allowed: "0 to 31536000 (a year)") {
            hosting.htmlMaxAgeSeconds = seconds
        }
        try reader.rejectUnknownKeys()
        return hosting
    }
}
