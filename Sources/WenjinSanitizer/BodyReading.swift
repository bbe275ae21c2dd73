import CLibXML2

/// Reading bodies without producing HTML: the images they show (for the crawler, which must
/// find them with the same parser, not with patterns over HTML) and their plain text (for
/// the search index and summaries).
extension Sanitizer {
    /// The absolute URLs of the images an HTML body shows, in order, without repeats:
    /// community uploads as their originals (no thumbnail prefix), others as written.
    /// Images inside removed elements (scripts, forms, ...) are not counted.
    package func imageURLs(in html: String) -> [String] {
        var urls: [String] = []
        var seen: Set<String> = []
        HTMLFragment.withTopLevelNodes(of: html) { node in
            BodyTree.forEachElement(in: node, policy: policy) { element, name in
                guard name == "img" || name == "image", let source = SanitizingWalk.attribute(.src, of: element) else { return }
                let url = hosts.parse(source)
                let absolute: String
                switch url.kind {
                case .absolute(let scheme) where scheme == "http" || scheme == "https":
                    if case .image(let original) = hosts.link(for: url) { absolute = original } else { absolute = url.text }
                case .rootRelative:
                    if case .image(let original) = hosts.link(for: url) { absolute = original } else { absolute = hosts.absolute(url) }
                default:
                    return
                }
                if seen.insert(absolute).inserted { urls.append(absolute) }
            }
        }
        return urls
    }

    /// The images of a stored BBCode body (see `renderBBCode`).
    package func imageURLs(inBBCode bbcode: String) -> [String] {
        imageURLs(in: BBCodeRenderer(resolver: resolver).html(from: bbcode))
    }

    /// The text a reader sees in an HTML body, whitespace collapsed to single spaces; block
    /// boundaries and line breaks count as spaces. Removed elements contribute nothing.
    package func plainText(fromHTML html: String) -> String {
        var text = ""
        HTMLFragment.withTopLevelNodes(of: html) { node in
            BodyTree.forEachText(in: node, policy: policy) { text += $0 }
        }
        return text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }
}

/// Walks over the parts of a parsed body that survive the policy.
enum BodyTree {
    static func forEachElement(in node: xmlNodePtr, policy: SanitizePolicy, _ body: (xmlNodePtr, String) -> Void) {
        guard node.pointee.type == XML_ELEMENT_NODE else { return }
        let name = NodeName.of(node).lowercased()
        if policy.elements[name] == .dropWithContent { return }
        body(node, name)
        var child = node.pointee.children
        while let current = child {
            forEachElement(in: current, policy: policy, body)
            child = current.pointee.next
        }
    }

    static func forEachText(in node: xmlNodePtr, policy: SanitizePolicy, _ body: (String) -> Void) {
        switch node.pointee.type {
        case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
            if let content = node.pointee.content { body(String(cString: content)) }
        case XML_ELEMENT_NODE:
            let name = NodeName.of(node).lowercased()
            if policy.elements[name] == .dropWithContent { return }
            let isBoundary = !inlineElements.contains(name)
            if isBoundary { body(" ") }
            var child = node.pointee.children
            while let current = child {
                forEachText(in: current, policy: policy, body)
                child = current.pointee.next
            }
            if isBoundary { body(" ") }
        default:
            return
        }
    }

    /// Elements inside which text runs on; every other element separates words.
    private static let inlineElements: Set<String> = [
        "a", "abbr", "b", "bdi", "bdo", "cite", "code", "del", "dfn", "em", "font", "i", "ins", "kbd", "mark", "q",
        "s", "samp", "small", "span", "strike", "strong", "sub", "sup", "time", "tt", "u", "var",
    ]
}
