/// The MIME type of a site file inside the ZIM, by its extension: Kiwix serves an entry with
/// the type it was stored with, and Chromium refuses a stylesheet or script of the wrong one.
enum ZimContentType {
    private static let byExtension: [String: String] = [
        "html": "text/html", "htm": "text/html",
        "css": "text/css",
        "js": "application/javascript",
        "json": "application/json",
        "xml": "application/xml",
        "atom": "application/atom+xml",
        "txt": "text/plain",
        "svg": "image/svg+xml",
        "png": "image/png",
        "jpg": "image/jpeg", "jpeg": "image/jpeg",
        "gif": "image/gif",
        "webp": "image/webp",
        "bmp": "image/bmp",
        "ico": "image/x-icon",
        "woff": "font/woff", "woff2": "font/woff2",
        "map": "application/json",
    ]

    /// Files of unknown kinds (images the source sent without a recognised type are stored
    /// as `.img`) are opaque bytes, as a static host would serve them.
    static func of(path: String) -> String {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return "application/octet-stream" }
        return byExtension[path[path.index(after: dot)...].lowercased()] ?? "application/octet-stream"
    }

    static func isPage(_ mimeType: String) -> Bool { mimeType == "text/html" }
}
