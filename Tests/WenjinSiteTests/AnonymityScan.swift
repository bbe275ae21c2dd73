import Foundation
import WenjinSample

/// Searches a built sample archive for the real author of each anonymous question and answer
/// near that post: in the post's own block (question header, answer section, their JSON-LD), in
/// every record of any output file that links to the post (list items, feed entries, sitemap
/// URLs, search documents), and in the author's own pages, which must not link to it at all.
/// The author is looked for by user name, nick name (HTML- and JSON-escaped, as a whole text)
/// and by the link to their page.
struct AnonymityScan {
    struct Leak: CustomStringConvertible {
        var file: String
        var post: String
        var found: String

        var description: String { "\(file): \(post) next to \(found.debugDescription)" }
    }

    let community: SampleCommunity
    let flavor: SampleAPI.Flavor
    /// Output files by path, as text (images left out).
    let files: [String: String]
    /// Per file, every `questions/…` link in it that ends at a quote or a tag, found in one pass:
    /// asking each file whether it holds each anonymous post's link took most of the test's time.
    let questionLinks: [String: Set<String>]
    /// How many post blocks were found on their pages and searched (so an empty result means something).
    private(set) var blocksSearched = 0
    /// Each linking file cut into records once, though many posts may be linked from it.
    private var recordsByFile: [String: [Substring]] = [:]

    init(community: SampleCommunity, flavor: SampleAPI.Flavor, output: URL) throws {
        self.community = community
        self.flavor = flavor
        var files: [String: String] = [:]
        for (path, data) in try FixtureSite.files(under: output)
        where [".html", ".js", ".json", ".xml", ".txt"].contains(where: path.hasSuffix) {
            files[path] = String(decoding: data, as: UTF8.self)
        }
        self.files = files
        questionLinks = files.mapValues(Self.questionLinks)
    }

    /// The `questions/…` links in `text`, each up to the `"` or `<` that ends it.
    static func questionLinks(in text: String) -> Set<String> {
        let bytes = Array(text.utf8)
        let prefix = Array("questions/".utf8)
        var links: Set<String> = []
        var index = 0
        while index + prefix.count <= bytes.count {
            guard bytes[index] == prefix[0], bytes[index..<(index + prefix.count)].elementsEqual(prefix) else {
                index += 1
                continue
            }
            var end = index + prefix.count
            while end < bytes.count, end - index < 200, ![UInt8(ascii: "\""), UInt8(ascii: "<"), UInt8(ascii: "\n")].contains(bytes[end]) {
                end += 1
            }
            if end < bytes.count, bytes[end] == UInt8(ascii: "\"") || bytes[end] == UInt8(ascii: "<") {
                links.insert(String(decoding: bytes[index..<end], as: UTF8.self))
            }
            index += prefix.count
        }
        return links
    }

    mutating func leaks() -> [Leak] {
        var leaks: [Leak] = []
        for question in community.questions where question.isAnonymous {
            let post = "anonymous question \(question.id)"
            let markers = Self.markers(of: question.askerID, in: community)
            let pagePath = "questions/\(question.id).html"
            if let page = files[pagePath] {
                let header = Self.slice(page, from: "<article class=\"wj-question", to: "</article>")
                let structured = Self.slice(page, from: "\"@type\":\"Question\"", toAny: ["\"acceptedAnswer\"", "\"suggestedAnswer\"", "</script>"])
                if header != nil { blocksSearched += 1 }
                for block in [header, structured].compactMap({ $0 }) {
                    leaks += Self.search(block, for: markers).map { Leak(file: pagePath, post: post, found: $0) }
                }
            }
            leaks += linkingRecords(to: "questions/\(question.id).html", post: post, author: question.askerID,
                                    markers: markers, except: pagePath)
        }
        for answer in community.answers where answer.isAnonymous {
            let post = "anonymous answer \(answer.id)"
            let markers = Self.markers(of: answer.authorID, in: community)
            let pagePath = "questions/\(answer.questionID).html"
            if let page = files[pagePath], var section = Self.slice(page, from: "id=\"answer-\(answer.id)\"",
                                                                     toAny: ["<article class=\"wj-post wj-answer", "<p class=\"text-muted small border-start", "<aside", "</main>"]) {
                blocksSearched += 1
                // WENJIN's API sends an anonymous answer's author as −1: a comment its author wrote
                // in the thread under their own name is, for the archive, anyone's comment.
                let commentedByAuthor = answer.commentIDs.contains { community.comment($0)?.authorID == answer.authorID }
                if flavor == .wenjin, commentedByAuthor, let comments = section.range(of: "wj-comments") {
                    section = String(section[..<comments.lowerBound])
                }
                leaks += Self.search(section, for: markers).map { Leak(file: pagePath, post: post, found: $0) }
                if let url = page.range(of: "#answer-\(answer.id)\""),
                   let start = page[..<url.lowerBound].range(of: "{\"@type\":\"Answer\"", options: .backwards) {
                    leaks += Self.search(page[start.lowerBound..<url.lowerBound], for: markers)
                        .map { Leak(file: pagePath, post: post + " (JSON-LD)", found: $0) }
                }
            }
            leaks += linkingRecords(to: "questions/\(answer.questionID).html#answer-\(answer.id)", post: post,
                                    author: answer.authorID, markers: markers, except: pagePath)
        }
        return leaks
    }

    /// Every record of every file (but `except`) that links to the post; the author's own pages
    /// must not link to it at all.
    private mutating func linkingRecords(to link: String, post: String, author: Int, markers: [String], except: String?) -> [Leak] {
        var leaks: [Leak] = []
        let authorPages = ["users/\(author).html", "users/\(author)-"]
        for (path, text) in files where path != except {
            guard questionLinks[path]?.contains(link) == true else { continue }
            if authorPages.contains(where: path.hasPrefix) {
                leaks.append(Leak(file: path, post: post, found: "a link to it on its author's page"))
                continue
            }
            let records = recordsByFile[path] ?? Self.records(of: text)
            recordsByFile[path] = records
            for record in records where record.contains(link + "\"") || record.contains(link + "<") {
                leaks += Self.search(record, for: markers).map { Leak(file: path, post: post, found: $0) }
            }
        }
        return leaks
    }

    /// A user as output files would name or link them.
    static func markers(of uid: Int, in community: SampleCommunity) -> [String] {
        guard let user = community.user(uid) else { return [] }
        var markers = ["users/\(uid).html", "users/\(uid)-"]
        for name in Set([user.userName, user.nickName]) where !name.isEmpty {
            for escaped in Set([htmlEscaped(name), jsonEscaped(name)]) {
                markers += [">\(escaped)<", "\"\(escaped)\"", "@\(escaped)"]
            }
        }
        return markers
    }

    static func search<Text: StringProtocol>(_ text: Text, for markers: [String]) -> [String] { markers.filter { text.contains($0) } }

    /// A file cut into records at the boundaries of list items, sections, feed entries, sitemap
    /// URLs and search documents (one per line).
    static func records(of text: String) -> [Substring] {
        let boundaries = ["<li", "</li>", "<section", "</section>", "<article", "</article>", "<entry", "</entry>",
                          "<url>", "</url>", "<tr", "\n"]
        var cuts: [String.Index] = [text.startIndex, text.endIndex]
        for boundary in boundaries {
            var searchStart = text.startIndex
            while let found = text.range(of: boundary, range: searchStart..<text.endIndex) {
                cuts.append(found.lowerBound)
                searchStart = found.upperBound
            }
        }
        cuts.sort()
        return zip(cuts, cuts.dropFirst()).map { text[$0..<$1] }
    }

    static func slice(_ text: String, from start: String, to end: String) -> String? {
        slice(text, from: start, toAny: [end])
    }

    /// From `start` to the first of `ends` after it (or the end of the text).
    static func slice(_ text: String, from start: String, toAny ends: [String]) -> String? {
        guard let begin = text.range(of: start) else { return nil }
        let stop = ends.compactMap { text.range(of: $0, range: begin.upperBound..<text.endIndex)?.lowerBound }.min() ?? text.endIndex
        return String(text[begin.lowerBound..<stop])
    }

    static func htmlEscaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }

    static func jsonEscaped(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
    }
}
