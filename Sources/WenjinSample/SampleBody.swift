/// A body as its author typed it: lines of pieces. The sample server renders one body into each
/// form WeCenter sends (docs/api.md §3.2): the stored BBCode, the rendered HTML of the detail
/// endpoints, and the half-rendered feed form of home and best answers.
struct SampleBody: Sendable {
    enum Piece: Sendable {
        case text(String)
        case bold(String), italic(String), underline(String), strike(String)
        case size(Int, String)
        case quote(String)
        case code(String)
        case list([String])
        /// A link; without text it is a bare URL that WeCenter turns into a link itself.
        case link(url: String, text: String?)
        case image(url: String)
        case attachment(Int)
        /// An attachment shown the way TWT's 2016 server did: a `170x110_` thumbnail in a
        /// `.photoBox`, its full size loaded on click (docs/api.md §3.4, bridge.js).
        case thumbnail(Int)
        /// Raw markup that reached the database unescaped (imports, admin edits).
        case raw(String)
    }

    var lines: [[Piece]]
    /// `"\r\n"` for bodies typed on the web, `"\n"` for the mobile clients.
    var lineEnding: String

    /// Where an attachment id points; nil for an id the server does not know.
    typealias AttachmentURL = (Int) -> String?

    /// The column as stored: escaped text, BBCode, `[attach]` placeholders.
    func stored() -> String {
        render(join: lineEnding) { piece in
            switch piece {
            default: return storedForm(of: piece)
            }
        }
    }

    /// Home feed and topic best answers: stored BBCode, `\n` → `<br>`, attachments as images.
    func feed(attachmentURL: AttachmentURL) -> String {
        let breakMark = lineEnding == "\r\n" ? "\r<br>" : "<br>"
        return render(join: breakMark) { piece in
            switch piece {
            case .attachment(let id), .thumbnail(let id): return "<img src='\(attachmentURL(id) ?? "")'/>"
            case .code(let code): return "[code]" + escapeHTML(code).replacingOccurrences(of: "\n", with: breakMark) + "[/code]"
            default: return storedForm(of: piece)
            }
        }
    }

    /// Question detail, answer and article bodies: BBCode rendered, `nl2br`, attachments as images.
    func html(attachmentURL: AttachmentURL) -> String {
        let breakMark = "<br />" + lineEnding
        return render(join: breakMark) { piece in
            switch piece {
            case .text(let text): return escapeHTML(text)
            case .bold(let text): return "<strong>\(escapeHTML(text))</strong>"
            case .italic(let text): return "<em>\(escapeHTML(text))</em>"
            case .underline(let text): return "<span style=\"text-decoration:underline;\">\(escapeHTML(text))</span>"
            case .strike(let text): return "<del>\(escapeHTML(text))</del>"
            case .size(let size, let text): return "<span style=\"font-size:\(size)px\">\(escapeHTML(text))</span>"
            case .quote(let text): return "<blockquote><p>\(escapeHTML(text))</p></blockquote>"
            case .code(let code): return "<pre>" + escapeHTML(code).replacingOccurrences(of: "\n", with: breakMark) + "</pre>"
            case .list(let items): return "<ul>" + items.map { "<li>\(escapeHTML($0))</li>" }.joined() + "</ul>"
            case .link(let url, nil):
                let href = escapeHTML(url)
                return "<a href=\"\(href)\" rel=\"nofollow\" target=\"_blank\">\(Self.shortened(href))</a>"
            case .link(let url, let text?):
                return "<a href=\"\(escapeHTML(url))\" rel=\"nofollow\" target=\"_blank\">\(escapeHTML(text))</a>"
            case .image(let url): return "<img src=\"\(escapeHTML(url))\" alt=\"\" />"
            case .attachment(let id): return "<img src='\(attachmentURL(id) ?? "")'/>"
            case .thumbnail(let id):
                let url = attachmentURL(id) ?? ""
                let nameStart = url.lastIndex(of: "/").map { url.index(after: $0) } ?? url.startIndex
                let thumbnail = url[..<nameStart] + "170x110_" + url[nameStart...]
                return "<div class=\"photoBox\"><img class=\"miniimg\" src='\(thumbnail)'/></div>"
                    + "<div style=\"display:none\"><img class=\"maximg\" src=\"about:blank\"/></div>"
            case .raw(let markup): return markup
            }
        }
    }

    /// The attachment ids the body places inline, in order.
    var attachmentIDs: [Int] {
        lines.flatMap { $0 }.compactMap {
            switch $0 {
            case .attachment(let id), .thumbnail(let id): id
            default: nil
            }
        }
    }

    private func render(join separator: String, _ form: (Piece) -> String) -> String {
        lines.map { $0.map(form).joined() }.joined(separator: separator)
    }

    private func storedForm(of piece: Piece) -> String {
        switch piece {
        case .text(let text): return escapeHTML(text)
        case .bold(let text): return "[b]\(escapeHTML(text))[/b]"
        case .italic(let text): return "[i]\(escapeHTML(text))[/i]"
        case .underline(let text): return "[u]\(escapeHTML(text))[/u]"
        case .strike(let text): return "[s]\(escapeHTML(text))[/s]"
        case .size(let size, let text): return "[size=\(size)]\(escapeHTML(text))[/size]"
        case .quote(let text): return "[quote]\(escapeHTML(text))[/quote]"
        case .code(let code): return "[code]" + escapeHTML(code).replacingOccurrences(of: "\n", with: lineEnding) + "[/code]"
        case .list(let items): return "[list]" + items.map { "[*]\(escapeHTML($0))[/*]" }.joined() + "[/list]"
        case .link(let url, nil): return escapeHTML(url)
        case .link(let url, let text?): return "[url=\(escapeHTML(url))]\(escapeHTML(text))[/url]"
        case .image(let url): return "[img]\(escapeHTML(url))[/img]"
        case .attachment(let id), .thumbnail(let id): return "[attach]\(id)[/attach]"
        case .raw(let markup): return markup
        }
    }

    /// WeCenter shortens a long link text in the middle (docs/api.md §8.4: `https://www.example.com/notice ... enjin`).
    static func shortened(_ text: String) -> String {
        guard text.count > 50 else { return text }
        return text.prefix(30) + " ... " + text.suffix(5)
    }
}

/// PHP's `htmlspecialchars` with default flags: `&`, `<`, `>`, `"`; the single quote stays.
func escapeHTML(_ text: String) -> String {
    guard text.contains(where: { $0 == "&" || $0 == "<" || $0 == ">" || $0 == "\"" }) else { return text }
    var out = ""
    out.reserveCapacity(text.utf8.count + 16)
    for ch in text {
        switch ch {
        case "&": out += "&amp;"
        case "<": out += "&lt;"
        case ">": out += "&gt;"
        case "\"": out += "&quot;"
        default: out.append(ch)
        }
    }
    return out
}
