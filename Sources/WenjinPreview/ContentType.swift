/// The `Content-Type` of a served file, by its extension. Text types say UTF-8, which is what
/// the site builder writes, so Chinese text never depends on the browser's guess.
enum ContentType {
    static func of(fileName: String) -> String {
        let dot = fileName.lastIndex(of: ".")
        let fileExtension = dot.map { fileName[fileName.index(after: $0)...].lowercased() } ?? ""
        return types[fileExtension] ?? "application/octet-stream"
    }

    static func isHTML(_ contentType: String) -> Bool { contentType.hasPrefix("text/html") }

    private static let types: [String: String] = [
        "html": "text/html; charset=utf-8", "htm": "text/html; charset=utf-8",
        "css": "text/css; charset=utf-8", "js": "text/javascript; charset=utf-8", "mjs": "text/javascript; charset=utf-8",
        "json": "application/json", "map": "application/json", "xml": "application/xml; charset=utf-8",
        "rss": "application/rss+xml; charset=utf-8", "atom": "application/atom+xml; charset=utf-8",
        "txt": "text/plain; charset=utf-8", "md": "text/markdown; charset=utf-8",
        "svg": "image/svg+xml", "png": "image/png", "jpg": "image/jpeg", "jpeg": "image/jpeg", "gif": "image/gif",
        "webp": "image/webp", "avif": "image/avif", "ico": "image/x-icon", "bmp": "image/bmp",
        "woff": "font/woff", "woff2": "font/woff2", "ttf": "font/ttf", "otf": "font/otf", "eot": "application/vnd.ms-fontobject",
        "pdf": "application/pdf", "wasm": "application/wasm", "mp4": "video/mp4", "webm": "video/webm", "mp3": "audio/mpeg",
    ]
}
