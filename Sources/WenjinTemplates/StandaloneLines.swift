/// Finds the lines that hold only tags which write nothing, and marks them so that the line
/// (its indentation and its line ending) disappears from the output, as the spec requires.
///
/// A standalone line holds one such tag. Because text directly inside a parent tag is never
/// written, a line may also hold several parent and block tags when one of them opens or
/// closes a parent (`{{<layout}}{{$main}}`, `{{/main}}{{/layout}}`, `{{<header}}{{/header}}`).
enum StandaloneLines {
    static func mark(_ tokens: inout [TemplateToken], in bytes: [UInt8]) {
        let closedKinds = kindsClosed(by: tokens)
        var lineStart = 0
        for index in tokens.indices {
            let token = tokens[index]
            let endsLine = token.kind == .text && bytes[token.end - 1] == newline
            if endsLine || index == tokens.count - 1 {
                markLine(lineStart...index, &tokens, bytes, closedKinds)
                lineStart = index + 1
            }
        }
    }

    /// For each closing tag, the kind of tag it closes (when something is open).
    private static func kindsClosed(by tokens: [TemplateToken]) -> [Int: TemplateToken.Kind] {
        var open: [TemplateToken.Kind] = []
        var closed: [Int: TemplateToken.Kind] = [:]
        for (index, token) in tokens.enumerated() {
            switch token.kind {
            case .section, .inverted, .parent, .block: open.append(token.kind)
            case .close: closed[index] = open.popLast()
            default: break
            }
        }
        return closed
    }

    private static func markLine(
        _ line: ClosedRange<Int>, _ tokens: inout [TemplateToken], _ bytes: [UInt8],
        _ closedKinds: [Int: TemplateToken.Kind]
    ) {
        let tags = line.filter { tokens[$0].kind != .text }
        guard !tags.isEmpty, tags.allSatisfy({ tokens[$0].canStandAlone }) else { return }
        let onlyBlank = line.allSatisfy { index in
            tokens[index].kind != .text
                || bytes[tokens[index].start..<tokens[index].end].allSatisfy { isIndentation($0) || $0 == 13 || $0 == newline }
        }
        guard onlyBlank else { return }
        if tags.count > 1 {
            let kinds = tags.map { tokens[$0].kind == .close ? closedKinds[$0] : tokens[$0].kind }
            guard kinds.allSatisfy({ $0 == .parent || $0 == .block }), kinds.contains(.parent) else { return }
        }
        let first = tokens[line.lowerBound]
        let indentation = first.kind == .text ? bytes[first.start..<first.end].prefix(while: isIndentation) : ArraySlice()
        for index in line {
            if tokens[index].kind == .text {
                tokens[index].isDropped = true
            } else {
                tokens[index].isStandalone = true
                tokens[index].indentation = index == tags[0] ? indentation : ArraySlice()
            }
        }
    }
}
