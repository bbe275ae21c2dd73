import CLibXML2

/// One pass over a parsed fragment: keeps what the policy allows, rewrites links and images
/// through the resolver, writes the result with `HTMLWriter` and counts what it removed.
struct SanitizingWalk {
    let compiled: CompiledPolicy
    var policy: SanitizePolicy { compiled.policy }
    let hosts: CommunityHosts
    let resolver: any ArchiveResolver
    var writer: HTMLWriter
    var report = SanitizeReport()
    /// Set when libxml2 might read the output back into a different tree: an element was
    /// removed or unwrapped, an image became a link, or an element sits where the parser
    /// would close its parent first. `Sanitizer` then runs another pass until nothing changes;
    /// ordinary bodies need none.
    private(set) var restructured = false
    private var linkDepth = 0
    private var preDepth = 0
    /// The ids of the elements written and not yet closed, innermost last.
    var openElements: [Int] = []
    private let linkID: Int
    private let underlineID: Int

    init(compiled: CompiledPolicy, hosts: CommunityHosts, resolver: any ArchiveResolver, capacity: Int) {
        self.compiled = compiled
        linkID = compiled.id(of: "a")!
        underlineID = compiled.id(of: "u")!
        self.hosts = hosts
        self.resolver = resolver
        self.writer = HTMLWriter(capacity: capacity)
    }

    mutating func visit(_ node: xmlNodePtr) {
        switch node.pointee.type {
        case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
            if let content = node.pointee.content { writer.text(cString: content) }
        case XML_ELEMENT_NODE:
            element(node)
        case XML_COMMENT_NODE:
            report.removedElements["#comment", default: 0] += 1
        default:
            break  // processing instructions and DTD nodes carry nothing to show
        }
    }

    mutating func visitChildren(of node: xmlNodePtr) {
        var child = node.pointee.children
        while let current = child {
            visit(current)
            child = current.pointee.next
        }
    }

    private mutating func element(_ node: xmlNodePtr) {
        guard let rawName = node.pointee.name else { return }
        switch compiled.entry(for: rawName) {
        case .dropWithContent(let name):
            report.removedElements[name, default: 0] += 1
            restructured = true
        case nil:
            report.unwrappedElements[NodeName.of(node).lowercased(), default: 0] += 1
            restructured = true
            visitChildren(of: node)
        case .keep(let id):
            // Renamed elements need no second pass of their own: `emit` checks the nesting
            // of the name it writes.
            switch compiled.roles[id] {
            case .link: link(node)
            case .image: image(node, id: id)
            case .span: span(node, id: id)
            case .lineBreak where preDepth > 0 && touchesNewline(node):
                return  // WeCenter's nl2br also ran inside [code]: the newline already breaks the line
            case .lineBreak where writer.endsWithEndTag(of: Self.blockNames):
                return  // nl2br's `<br />` after a block would add an empty line
            case .list where holdsBulletMarks(node):
                emitBulletList(id, node)
            default: emit(id, node, attributes: attributes(of: node, element: id))
            }
        }
    }

    /// Notes when libxml2 would read `id` opened here differently (see `CompiledPolicy`).
    mutating func checkNesting(of id: Int) {
        if let outer = openElements.last, compiled.parserCloses(outer, whenOpening: id) { restructured = true }
    }

    mutating func emit(_ id: Int, _ node: xmlNodePtr, attributes: [(String, String)]) {
        checkNesting(of: id)
        let name = compiled.names[id]
        if Self.blockNames.contains(name) { writer.removeTrailingLineBreaks() }  // and before one
        writer.openTag(name, attributes: attributes)
        guard !compiled.isVoid[id] else { return }
        let isPre = compiled.roles[id] == .preformatted
        if isPre { preDepth += 1 }
        openElements.append(id)
        visitChildren(of: node)
        openElements.removeLast()
        if isPre { preDepth -= 1 }
        writer.closeTag(name)
    }

    // MARK: Links and images

    private mutating func link(_ node: xmlNodePtr) {
        if linkDepth > 0 {
            // A link inside a link is not HTML; its text stays in the outer one.
            report.unwrappedElements["a", default: 0] += 1
            restructured = true
            visitChildren(of: node)
            return
        }
        var kept = attributes(of: node, element: linkID, handled: Self.linkAttributes)
        if let raw = Self.attribute(.href, of: node) {
            switch rewriteLink(raw) {
            case .kept(let url, let leavesArchive):
                kept.insert(("href", url), at: 0)
                if leavesArchive { kept.append(("rel", policy.outsideLinkRel)) }
            case .refused(let scheme):
                report.removedURLs[scheme, default: 0] += 1
            case .withheld:
                break  // no href: the text stays, the link goes
            }
        }
        linkDepth += 1
        emit(linkID, node, attributes: kept)
        linkDepth -= 1
    }

    private enum RewrittenURL {
        case kept(String, leavesArchive: Bool)
        case refused(scheme: String)
        /// The archive withholds the page (the resolver's empty path): the link becomes text.
        case withheld
    }

    private func rewriteLink(_ raw: String) -> RewrittenURL {
        var url = hosts.parse(raw)
        if let scheme = url.scheme, !policy.allowedSchemes.contains(scheme) { return .refused(scheme: scheme) }
        if url.kind == .relative, !url.text.hasPrefix("#"), !resolver.isArchivePath(url.text) {
            url = hosts.parse(hosts.againstSource(url.text))
        }
        switch url.kind {
        case .relative, .opaque:
            return .kept(url.text, leavesArchive: false)
        case .absolute, .rootRelative:
            if let link = hosts.link(for: url), let path = resolver.localPath(for: link) {
                return path.isEmpty ? .withheld : .kept(path, leavesArchive: false)
            }
            return .kept(hosts.isCommunity(url) ? hosts.absolute(url) : url.text, leavesArchive: true)
        }
    }

    private mutating func image(_ node: xmlNodePtr, id: Int) {
        var url = hosts.parse(Self.attribute(.src, of: node) ?? "")
        if url.kind == .relative, !url.text.isEmpty, !resolver.isArchivePath(url.text) {
            url = hosts.parse(hosts.againstSource(url.text))
        }
        let original: String
        switch url.kind {
        case .relative where !url.text.isEmpty:
            // Already a local asset path (a second pass).
            emit(id, node, attributes: imageAttributes(of: node, id: id, source: url.text))
            return
        case .absolute(let scheme) where scheme == "http" || scheme == "https":
            original = imageOriginal(url)
        case .rootRelative:
            original = imageOriginal(url)
        default:
            if let scheme = url.scheme { report.removedURLs[scheme, default: 0] += 1 }
            report.removedElements["img", default: 0] += 1  // no source left to show
            restructured = true
            return
        }
        if let path = resolver.localPath(for: .image(originalURL: original)), !path.isEmpty {
            emit(id, node, attributes: imageAttributes(of: node, id: id, source: path))
            return
        }
        // The archive lacks the image: a link to the original in its place.
        restructured = true
        let alt = Self.attribute(.alt, of: node).map { $0.trimmingSpaces } ?? ""
        let label = alt.isEmpty ? policy.missingImageText : alt
        if linkDepth > 0 {
            writer.text(label)
        } else {
            checkNesting(of: linkID)
            writer.openTag("a", attributes: [("href", original), ("rel", policy.outsideLinkRel)])
            writer.text(label)
            writer.closeTag("a")
        }
    }

    private func imageOriginal(_ url: BodyURL) -> String {
        if case .image(let original) = hosts.link(for: url) { return original }
        if hosts.isCommunity(url) { return hosts.absolute(url) }
        return url.text.hasPrefix("//") ? "http:" + url.text : url.text
    }

    private mutating func imageAttributes(of node: xmlNodePtr, id: Int, source: String) -> [(String, String)] {
        let kept = attributes(of: node, element: id, handled: Self.imageAttributes)
        // HTML requires `alt`; a body image without one gets the empty text of an image its
        // surrounding words describe, rather than its file name read aloud.
        let alt: [(String, String)] = kept.contains { $0.0 == "alt" } ? [] : [("alt", "")]
        // The stored file's size keeps the image's place before it loads (`ImageSize`).
        let sides = resolver.imageSize(atPath: source)?
            .missingSides(width: kept.first { $0.0 == "width" }?.1, height: kept.first { $0.0 == "height" }?.1) ?? []
        return [("src", source)] + alt + kept + sides + [("loading", "lazy")]
    }

    // MARK: Attributes

    /// WeCenter writes `[u]` and `[size=N]` as styled spans; the style goes, the meaning stays.
    private mutating func span(_ node: xmlNodePtr, id: Int) {
        var kept = attributes(of: node, element: id, handled: Self.spanAttributes)
        var outputID = id
        if let style = Self.attribute(.style, of: node) {
            let meaning = StyleMeaning(style)
            if meaning.underline { outputID = underlineID }
            if let size = meaning.fontSize, !kept.contains(where: { $0.0 == "class" }) {
                kept.append(("class", "wj-size-\(min(max(size, policy.fontSizes.lowerBound), policy.fontSizes.upperBound))"))
            }
            if !meaning.underline && meaning.fontSize == nil {
                report.removedAttributes["span@style", default: 0] += 1
            }
        }
        emit(outputID, node, attributes: kept)
    }

    /// Attributes the walk writes itself (or, for `style`, translates) instead of copying.
    /// A link's `rel` and `target` are the archive's choice: WeCenter's own `target="_blank"`
    /// on every bare URL is not worth a line in the report.
    private static let linkAttributes = ["href", "rel", "target"]
    private static let imageAttributes = ["src", "loading"]
    private static let spanAttributes = ["style"]

    mutating func attributes(of node: xmlNodePtr, element id: Int, handled: [String] = []) -> [(String, String)] {
        var kept: [(String, String)] = []
        var attribute = node.pointee.properties
        guard attribute != nil else { return kept }
        let element = compiled.names[id]
        let allowed = compiled.allowedAttributes[id]
        while let current = attribute {
            attribute = current.pointee.next
            let name = NodeName.of(current)
            guard !handled.contains(name) else { continue }
            let value = NodeName.value(of: current)
            if name == "class", Self.isSizeClass(value, in: policy.fontSizes) {
                kept.append((name, value))
                continue
            }
            let isAllowed = allowed.contains(name)
            if isAllowed, policy.urlAttributes.contains(name) {
                if let scheme = BodyURL.scheme(of: value)?.lowercased(), !policy.allowedSchemes.contains(scheme) {
                    report.removedURLs[scheme, default: 0] += 1
                    continue
                }
            }
            guard isAllowed, AttributeValue.isAcceptable(value, for: name) else {
                report.removedAttributes["\(element)@\(name)", default: 0] += 1
                continue
            }
            kept.append((name, value))
        }
        return kept
    }

    private static func isSizeClass(_ value: String, in range: ClosedRange<Int>) -> Bool {
        guard value.hasPrefix("wj-size-"), let size = Int(value.dropFirst("wj-size-".count)) else { return false }
        return range.contains(size)
    }

    static func attribute(_ name: NameKey, of node: xmlNodePtr) -> String? {
        var attribute = node.pointee.properties
        while let current = attribute {
            if let raw = current.pointee.name, NameKey(cString: raw) == name { return NodeName.value(of: current) }
            attribute = current.pointee.next
        }
        return nil
    }

    /// A `<br>` followed by a newline (`<br />\r\n`, the HTML form) or preceded by a CR
    /// (`\r<br>`, the home-list form), looking past what the walk removes (comments,
    /// scripts) so that a second pass decides the same.
    private func touchesNewline(_ node: xmlNodePtr) -> Bool {
        // Forward past a run of such `<br>`s: all of them go, whatever a later pass sees.
        var next = renderedSibling(of: node, forward: true)
        while let current = next, current.pointee.type == XML_ELEMENT_NODE, let name = current.pointee.name,
            case .keep(let id) = compiled.entry(for: name), compiled.roles[id] == .lineBreak
        {
            next = renderedSibling(of: current, forward: true)
        }
        if let next, next.pointee.type == XML_TEXT_NODE, let content = next.pointee.content,
            content[0] == UInt8(ascii: "\n") || content[0] == UInt8(ascii: "\r")
        {
            return true
        }
        guard let previous = renderedSibling(of: node, forward: false), previous.pointee.type == XML_TEXT_NODE,
            let content = previous.pointee.content
        else { return false }
        var length = 0
        while content[length] != 0 { length += 1 }
        return length > 0 && content[length - 1] == UInt8(ascii: "\r")
    }

    private func renderedSibling(of node: xmlNodePtr, forward: Bool) -> xmlNodePtr? {
        var sibling = forward ? node.pointee.next : node.pointee.prev
        while let current = sibling {
            switch current.pointee.type {
            case XML_COMMENT_NODE, XML_PI_NODE:
                break
            case XML_ELEMENT_NODE:
                guard let name = current.pointee.name, case .dropWithContent = compiled.entry(for: name) else { return current }
            default:
                return current
            }
            sibling = forward ? current.pointee.next : current.pointee.prev
        }
        return nil
    }
}
