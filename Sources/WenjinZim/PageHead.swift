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

    init(html bytes: ArraySlice<UInt8>, siteTitle: String) {
        let head = bytes.prefix(Self.limit)
        let text = String(decoding: head, as: UTF8.self)
        var title = ""
        if let open = text.range(of: "<title>"), let close = text.range(of: "</title>", range: open.upperBound..<text.endIndex) {
            title = HTMLEntities.decode(ArraySlice(Array(text[open.upperBound..<close.lowerBound].utf8)))
        }
        let suffix = " - " + siteTitle
        if title.hasSuffix(suffix), title.count > suffix.count { title.removeLast(suffix.count) }
        self.title = title
        let headEnd = text.range(of: "</head>")?.lowerBound ?? text.endIndex
        noIndex = text[..<headEnd].contains("<meta name=\"robots\" content=\"noindex\">")
    }
}
