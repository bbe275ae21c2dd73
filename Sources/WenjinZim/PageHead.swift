import WenjinLinkCheck

/// What the exporter learns of a built page from its `<head>`: the ZIM entry's title (the
/// page's `<title>` without the site's name, which the layout appends after " - ") and whether
/// it asks not to be indexed (notice, search and 404 pages), which keeps it out of Kiwix's front
/// articles.
struct PageHead: Equatable {
    let title: String
    let noIndex: Bool

    /// The head is read from at most the first `limit` bytes: the layout puts it first.
    static let limit = 16 * 1024

    private static let titleOpen = Array("<title>".utf8)
    private static let titleClose = Array("</title>".utf8)
    private static let headClose = Array("</head>".utf8)
    private static let noIndexMeta = Array("<meta name=\"robots\" content=\"noindex\">".utf8)

    /// Searched as bytes: as `String`s, through Foundation's `range(of:)`, this was a twelfth of
    /// an export's time at 2,000 questions (BENCHMARKS.md, ZIM export).
    init(html bytes: ArraySlice<UInt8>, siteTitle: String) {
        let head = bytes.prefix(Self.limit)
        var title = ""
        if let open = Self.find(Self.titleOpen, in: head),
           let close = Self.find(Self.titleClose, in: head[open.upperBound...]) {
            title = HTMLEntities.decode(head[open.upperBound..<close.lowerBound])
        }
        let suffix = " - " + siteTitle
        if title.hasSuffix(suffix), title.count > suffix.count { title.removeLast(suffix.count) }
        self.title = title
        let headEnd = Self.find(Self.headClose, in: head)?.lowerBound ?? head.endIndex
        noIndex = Self.find(Self.noIndexMeta, in: head[..<headEnd]) != nil
    }

    /// The first place `needle` occurs in `bytes`.
    private static func find(_ needle: [UInt8], in bytes: ArraySlice<UInt8>) -> Range<Int>? {
        guard let first = needle.first, bytes.count >= needle.count else { return nil }
        var start = bytes.startIndex
        let last = bytes.endIndex - needle.count
        while start <= last {
            guard let candidate = bytes[start...last].firstIndex(of: first) else { return nil }
            if bytes[candidate..<candidate + needle.count].elementsEqual(needle) { return candidate..<candidate + needle.count }
            start = candidate + 1
        }
        return nil
    }
}
