import Foundation
import WenjinTestSupport
import Testing
@testable import WenjinSanitizer

/// A resolver over fixed tables, standing in for the site builder.
struct TableResolver: ArchiveResolver {
    var pages: [CommunityLink: String] = [:]
    var images: [String: String] = [:]
    var attachments: [Int: String] = [:]
    /// Stored images' sizes by the local path `images` gives them.
    var sizes: [String: ImageSize] = [:]

    func localPath(for link: CommunityLink) -> String? {
        if case .image(let url) = link { return images[url] }
        return pages[link]
    }

    func attachmentURL(id: Int) -> String? { attachments[id] }

    /// Every path this resolver hands out starts with `../`.
    func isArchivePath(_ path: String) -> Bool { path.hasPrefix("../") }

    func imageSize(atPath path: String) -> ImageSize? { sizes[path] }
}

enum Fixture {
    static let source = "http://127.0.0.1:8088/"

    static let resolver = TableResolver(
        pages: [
            .question(id: 3521, answerID: nil): "../questions/3521.html",
            .question(id: 3521, answerID: 10873): "../questions/3521.html#answer-10873",
            .article(id: 7): "../articles/7.html",
            .user(token: "alice"): "../people/alice.html",
            .topic(token: "食堂"): "../topics/食堂.html",
        ],
        images: [
            "http://wenjin.in/uploads/answer/20151112/0123456789abcdef0123456789abcdef.jpg": "../assets/01/23.jpg",
            "http://127.0.0.1:8088/uploads/questions/20261129/8389cccd9faf6136bf90115b8701f5c6.jpg": "../assets/83/89.jpg",
        ],
        attachments: [42: "http://wenjin.in/uploads/answer/20151112/0123456789abcdef0123456789abcdef.jpg"])

    static let sanitizer = Sanitizer(hosts: CommunityHosts(source: source), resolver: resolver)

    static func sanitize(_ html: String) -> String { sanitizer.sanitize(html: html).0.html }

    static var specFolder: URL { SharedSpec.folder }
}
