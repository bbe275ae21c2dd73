import Foundation

/// Renders WeCenter's stored BBCode (docs/api.md §3.1–3.2, §8.4) into the HTML WeCenter's
/// own pipeline would have produced; the result still goes through the sanitizer.
/// The stored text is already HTML-escaped (`htmlspecialchars` at write time), so text passes
/// through as HTML; the home-list form also carries `<br>` and `<img src='…'/>` already.
/// A tag without its closing tag stays literal text, as in WeCenter (`[list][*]a[/list]`
/// keeps its `[*]`).
struct BBCodeRenderer {
    let resolver: any ArchiveResolver

    private struct Frame {
        var name: String
        var argument: String?
        var opening: Substring
        var html = ""
        var text = ""  // the children as plain source, for [url] and [img] targets
    }

    private static let tags: Set<String> = ["b", "i", "u", "s", "quote", "code", "size", "url", "img", "list", "*", "attach", "video"]

    func html(from bbcode: String) -> String {
        var stack = [Frame(name: "", argument: nil, opening: "")]
        var rest = Substring(bbcode)
        while let open = rest.firstIndex(of: "[") {
            appendText(rest[..<open], to: &stack)
            rest = rest[open...]
            guard let close = rest.firstIndex(of: "]"), let tag = Self.tag(rest[rest.index(after: rest.startIndex)..<close]) else {
                appendText(rest.prefix(1), to: &stack)
                rest = rest.dropFirst()
                continue
            }
            let source = rest[...close]
            rest = rest[rest.index(after: close)...]
            if tag.isClosing {
                guard let depth = stack.lastIndex(where: { $0.name == tag.name }), depth > 0 else {
                    appendText(source, to: &stack)
                    continue
                }
                while stack.count - 1 > depth { flattenTop(&stack) }
                let frame = stack.removeLast()
                stack[stack.count - 1].html += render(frame)
                stack[stack.count - 1].text += frame.opening + frame.text + source
            } else if tag.name == "code" {
                // Code is literal up to its closing tag.
                guard let end = rest.range(of: "[/code]", options: .caseInsensitive) else {
                    appendText(source, to: &stack)
                    continue
                }
                stack[stack.count - 1].html += "<pre>" + rest[..<end.lowerBound] + "</pre>"
                stack[stack.count - 1].text += source + rest[..<end.upperBound]
                rest = rest[end.upperBound...]
            } else {
                stack.append(Frame(name: tag.name, argument: tag.argument, opening: source))
            }
        }
        appendText(rest, to: &stack)
        while stack.count > 1 { flattenTop(&stack) }
        return stack[0].html
    }

    private static func tag(_ inside: Substring) -> (name: String, argument: String?, isClosing: Bool)? {
        let isClosing = inside.hasPrefix("/")
        let body = isClosing ? inside.dropFirst() : inside
        let parts = body.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        let name = parts[0].lowercased()
        guard tags.contains(name), !(isClosing && parts.count > 1) else { return nil }
        return (name, parts.count > 1 ? String(parts[1]) : nil, isClosing)
    }

    /// An unclosed tag: its source goes back in as text, its children stay rendered.
    private func flattenTop(_ stack: inout [Frame]) {
        let frame = stack.removeLast()
        stack[stack.count - 1].html += String(frame.opening) + frame.html
        stack[stack.count - 1].text += frame.opening + frame.text
    }

    private func appendText(_ text: Substring, to stack: inout [Frame]) {
        guard !text.isEmpty else { return }
        // Inside [url], [img] and [video] a URL is the target itself, not a link to make.
        let linkURLs = !stack.contains { ["url", "img", "video"].contains($0.name) }
        stack[stack.count - 1].html += InlineText.html(text, linkingURLs: linkURLs)
        stack[stack.count - 1].text += text
    }

    private func render(_ frame: Frame) -> String {
        let inner = frame.html
        switch frame.name {
        case "b": return "<strong>\(inner)</strong>"
        case "i": return "<em>\(inner)</em>"
        case "u": return "<u>\(inner)</u>"
        case "s": return "<del>\(inner)</del>"
        case "quote": return "<blockquote><p>\(inner)</p></blockquote>"
        case "list": return frame.argument == nil ? "<ul>\(inner)</ul>" : "<ol>\(inner)</ol>"
        case "*": return "<li>\(inner)</li>"
        case "size":
            guard let size = frame.argument.flatMap({ Int($0) }) else { return inner }
            return "<span style=\"font-size:\(size)px\">\(inner)</span>"
        case "url":
            let target = frame.argument ?? frame.text
            return "<a href=\"\(Self.attribute(target))\">\(inner)</a>"
        case "img":
            return "<img src=\"\(Self.attribute(frame.text))\" alt=\"\" />"
        case "video":
            return "<a href=\"\(Self.attribute(frame.text))\">\(InlineText.html(Substring(frame.text), linkingURLs: false))</a>"
        case "attach":
            guard let id = Int(frame.text.trimmingSpaces), let url = resolver.attachmentURL(id: id) else { return "" }
            return "<img src=\"\(Self.attribute(url))\" />"
        default:
            return inner
        }
    }

    /// A value from escaped source placed in a double-quoted attribute.
    private static func attribute(_ value: String) -> String {
        var escaped = ""
        for character in value.trimmingSpaces {
            switch character {
            case "\"": escaped += "&quot;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}
