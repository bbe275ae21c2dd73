import CLibXML2

/// Two things WeCenter's rendering leaves between blocks that a reader should not see
/// (docs/api.md §8.4): `nl2br`'s `<br />` beside a block, which adds an empty line, and the
/// `[*]` marks of a `[list]` written without `[/*]`, which upstream leaves as text inside the
/// `<ul>` (`<ul>[*]太咸[*]排队久</ul>`): here they become the items they meant.
extension SanitizingWalk {
    /// Blocks beside which nl2br's `<br />` only adds an empty line. Decided on the output
    /// as it is written, not on libxml2's tree, so that a second pass decides the same.
    static let blockNames: Set<String> = ["p", "div", "blockquote", "pre", "ul", "ol", "dl", "table", "figure",
                                          "h1", "h2", "h3", "h4", "h5", "h6"]

    /// Whether a list holds `[*]` marks in its own text.
    func holdsBulletMarks(_ node: xmlNodePtr) -> Bool {
        var child = node.pointee.children
        while let current = child {
            if current.pointee.type == XML_TEXT_NODE, let content = current.pointee.content,
                String(cString: content).contains(Self.bulletMark)
            {
                return true
            }
            child = current.pointee.next
        }
        return false
    }

    /// The list with an `<li>` opened at each `[*]` mark; elements after a mark go into its item.
    mutating func emitBulletList(_ id: Int, _ node: xmlNodePtr) {
        guard let itemID = compiled.id(of: "li") else { return emit(id, node, attributes: attributes(of: node, element: id)) }
        checkNesting(of: id)
        let name = compiled.names[id]
        writer.removeTrailingLineBreaks()
        writer.openTag(name, attributes: attributes(of: node, element: id))
        openElements.append(id)
        var itemOpen = false
        func closeItem(_ walk: inout SanitizingWalk) {
            guard itemOpen else { return }
            walk.openElements.removeLast()
            walk.writer.closeTag("li")
            itemOpen = false
        }
        var child = node.pointee.children
        while let current = child {
            child = current.pointee.next
            guard current.pointee.type == XML_TEXT_NODE, let content = current.pointee.content else {
                visit(current)
                continue
            }
            for (index, piece) in String(cString: content).components(separatedBy: Self.bulletMark).enumerated() {
                if index > 0 {
                    closeItem(&self)
                    writer.openTag("li", attributes: [])
                    openElements.append(itemID)
                    itemOpen = true
                }
                if !piece.isEmpty { writer.text(piece) }
            }
        }
        closeItem(&self)
        openElements.removeLast()
        writer.closeTag(name)
    }

    private static let bulletMark = "[*]"
}
