import Foundation
import WenjinBuildSupport
import WenjinModel

/// Where each page and file of the archive lives in the output: the one place that knows
/// file names. Entity pages sit one folder deep (`questions/3521.html`), lists at the root.
///
/// Bodies are sanitized once with links relative to depth 1, so every page that shows a
/// body (question, article) must stay one folder deep.
enum SiteLayout {
    static let home = SitePath("index.html")
    static let search = SitePath("search.html")
    static let notFound = SitePath("404.html")
    static let about = SitePath("about.html")

    static func question(_ id: QuestionID) -> SitePath { SitePath("questions/\(id.rawValue).html") }
    static func article(_ id: ArticleID) -> SitePath { SitePath("articles/\(id.rawValue).html") }
    static func user(_ id: UserID, page: Int = 1) -> SitePath { paged("users/\(id.rawValue)", page) }
    static func topic(_ id: TopicID, page: Int = 1) -> SitePath { paged("topics/\(id.rawValue)", page) }
    static func home(page: Int) -> SitePath { paged("index", page) }
    static func unanswered(page: Int) -> SitePath { paged("unanswered", page) }
    static func articles(page: Int) -> SitePath { paged("articles", page) }
    static func topicsIndex(page: Int) -> SitePath { paged("topics", page) }
    static func usersIndex(page: Int) -> SitePath { paged("users", page) }

    /// The folder of images, each named by the SHA-256 of its bytes.
    static let imageFolder = "images/"

    /// What bodies show in place of an image taken down (a theme file).
    static let removedImage = SitePath("assets/img/removed-image.svg")

    /// An image by its bytes' SHA-256, with an extension browsers recognise.
    static func image(sha256: String, contentType: String?, url: AssetURL) -> SitePath {
        image(sha256: sha256, extension: imageExtension(contentType: contentType, url: url))
    }

    /// An image by its bytes' SHA-256 and its extension (`imageExtension`).
    /// Made byte by byte: every stored image's path is made on every build (75,000 at 100,000
    /// questions), and interpolation retained and released the SHA-256's text several times each.
    static func image(sha256: String, extension: String) -> SitePath {
        let length = imageFolder.utf8.count + sha256.utf8.count + 1 + `extension`.utf8.count
        return SitePath(String(unsafeUninitializedCapacity: length) { buffer in
            var filled = 0
            func append(_ part: String) {
                let copied: Void? = part.utf8.withContiguousStorageIfAvailable { bytes in
                    if let source = bytes.baseAddress { (buffer.baseAddress! + filled).initialize(from: source, count: bytes.count) }
                }
                if copied == nil { for byte in part.utf8 { buffer[filled] = byte; filled += 1 } } else { filled += part.utf8.count }
            }
            append(imageFolder)
            append(sha256)
            buffer[filled] = UInt8(ascii: ".")
            filled += 1
            append(`extension`)
            return filled
        })
    }

    /// Anchors inside a question or article page.
    static func answerAnchor(_ id: AnswerID) -> String { "answer-\(id.rawValue)" }
    static func commentAnchor(_ id: AnswerCommentID) -> String { "comment-\(id.rawValue)" }
    static func articleCommentAnchor(_ id: ArticleCommentID) -> String { "comment-\(id.rawValue)" }

    /// Page 1 is `name.html`, later pages `name-2.html`, so the first page keeps the short name.
    private static func paged(_ name: String, _ page: Int) -> SitePath {
        SitePath(page <= 1 ? "\(name).html" : "\(name)-\(page).html")
    }

    /// The extension of an image's file name: from its media type, else its URL's, else `img`
    /// (a few letters: a string held in place, no storage of its own).
    static func imageExtension(contentType: String?, url: AssetURL) -> String {
        // The types as the crawler stores them nearly always, compared without making a text.
        switch contentType {
        case "image/jpeg", "image/jpg": return "jpg"
        case "image/png": return "png"
        case "image/gif": return "gif"
        case "image/webp": return "webp"
        case "image/bmp": return "bmp"
        default: break
        }
        // Trimmed and lower-cased by hand, byte by byte: this runs once per stored image on
        // every build (Character-wise trimming was 5% of a rebuild's time at 10,000 questions).
        let mediaType = contentType.map { type -> String in
            var bytes = type.utf8.prefix { $0 != UInt8(ascii: ";") }.drop { $0 == UInt8(ascii: " ") }
            while bytes.last == UInt8(ascii: " ") { bytes.removeLast() }
            return String(decoding: bytes.map { (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 }, as: UTF8.self)
        }
        switch mediaType {
        case "image/jpeg", "image/jpg": return "jpg"
        case "image/png": return "png"
        case "image/gif": return "gif"
        case "image/webp": return "webp"
        case "image/bmp": return "bmp"
        default:
            let name = url.rawValue.split(separator: "?").first?.split(separator: "/").last ?? ""
            if let dot = name.lastIndex(of: "."), case let ext = name[name.index(after: dot)...].lowercased(),
               ["jpg", "jpeg", "png", "gif", "webp", "bmp"].contains(ext) {
                return ext
            }
            return "img"
        }
    }
}
