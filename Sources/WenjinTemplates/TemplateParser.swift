/// Builds the node tree from tokens: pairs sections with their closing tags, gathers the
/// blocks given to parents and removes the indentation of those blocks' lines.
///
/// Block indentation follows the inheritance spec: an overriding block loses the indentation
/// it has where it is written, and gains the indentation of the block it replaces.
struct TemplateParser {
    private let source: TemplateSource
    private var bytes: [UInt8] { source.bytes }

    /// One open container: the root, a section, a parent or a block.
    private struct Frame {
        let token: TemplateToken
        var nodes: [TemplateNode] = []
        var overrides: [String: [TemplateNode]] = [:]
        /// Spaces removed from the start of each line inside; set by overriding blocks.
        let dedent: Int
        var text: [UInt8] = []

        var isParent: Bool { token.kind == .parent }

        mutating func flushText() {
            guard !text.isEmpty else { return }
            nodes.append(.text(text))
            text = []
        }
    }

    init(source: TemplateSource) {
        self.source = source
    }

    func parse(_ tokens: [TemplateToken]) throws(TemplateError) -> [TemplateNode] {
        var stack = [Frame(token: TemplateToken(kind: .section, start: 0, end: 0), dedent: 0)]
        for token in tokens {
            let dedent = stack[stack.count - 1].dedent
            switch token.kind {
            case .text:
                guard !token.isDropped, !stack[stack.count - 1].isParent else { continue }
                var start = token.start
                if start == 0 || bytes[start - 1] == newline {
                    while start < token.end, start - token.start < dedent, isIndentation(bytes[start]) { start += 1 }
                }
                stack[stack.count - 1].text.append(contentsOf: bytes[start..<token.end])
            case .variable(let escaped):
                add(.value(ValuePath(token.name), escaped: escaped, site: site(token)), to: &stack)
            case .partial:
                add(.partial(reference(token), indentation: dedented(token.indentation, dedent), site: site(token)), to: &stack)
            case .section, .inverted, .parent:
                stack[stack.count - 1].flushText()
                stack.append(Frame(token: token, dedent: dedent))
            case .block:
                stack[stack.count - 1].flushText()
                let isOverride = stack[stack.count - 1].isParent
                stack.append(Frame(token: token, dedent: isOverride ? blockIndentation(token).count : dedent))
            case .close:
                try close(token, &stack)
            case .comment, .delimiters:
                continue
            }
        }
        guard stack.count == 1 else {
            let open = stack[stack.count - 1].token
            throw source.error(at: open.start, .unclosedSection(open.spelledName))
        }
        stack[0].flushText()
        return stack[0].nodes
    }

    private func add(_ node: TemplateNode, to stack: inout [Frame]) {
        guard !stack[stack.count - 1].isParent else { return }
        stack[stack.count - 1].flushText()
        stack[stack.count - 1].nodes.append(node)
    }

    private func close(_ token: TemplateToken, _ stack: inout [Frame]) throws(TemplateError) {
        guard stack.count > 1, var frame = stack.popLast() else {
            throw source.error(at: token.start, .unexpectedClose(token.spelledName))
        }
        guard frame.token.name == token.name, frame.token.isDynamic == token.isDynamic else {
            throw source.error(at: token.start, .mismatchedClose(expected: frame.token.spelledName, found: token.spelledName))
        }
        frame.flushText()
        let open = frame.token
        switch open.kind {
        case .section, .inverted:
            add(.section(ValuePath(open.name), frame.nodes, inverted: open.kind == .inverted), to: &stack)
        case .parent:
            let indentation = dedented(open.indentation, stack[stack.count - 1].dedent)
            add(.parent(reference(open), indentation: indentation, overrides: frame.overrides, site: site(open)), to: &stack)
        default:
            if stack[stack.count - 1].isParent {
                if stack[stack.count - 1].overrides[open.name] == nil {
                    stack[stack.count - 1].overrides[open.name] = frame.nodes
                }
            } else {
                let indentation = dedented(blockIndentation(open)[...], stack[stack.count - 1].dedent)
                add(.block(open.name, defaultContent: frame.nodes, indentation: indentation, site: site(open)), to: &stack)
            }
        }
    }

    /// The indentation a block's lines have where it is written: that of its first line when
    /// the opening tag stands alone (so `{{$body}}` at column 0 over indented lines counts as
    /// indented), else that of the tag's own line.
    private func blockIndentation(_ token: TemplateToken) -> [UInt8] {
        var lineStart: Int
        if token.isStandalone {
            lineStart = bytes[token.end...].firstIndex(of: newline).map { $0 + 1 } ?? bytes.count
        } else {
            lineStart = (bytes[..<token.start].lastIndex(of: newline) ?? -1) + 1
        }
        return Array(bytes[lineStart...].prefix(while: isIndentation))
    }

    private func dedented(_ indentation: ArraySlice<UInt8>, _ dedent: Int) -> [UInt8] {
        Array(indentation.dropFirst(dedent))
    }

    private func reference(_ token: TemplateToken) -> PartialReference {
        token.isDynamic ? .dynamic(ValuePath(token.name)) : .named(TemplateName(token.name))
    }

    private func site(_ token: TemplateToken) -> TagSite {
        TagSite(source: source, offset: token.start)
    }
}
