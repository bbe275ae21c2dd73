/// One rendering: walks compiled nodes against a context stack and writes into one buffer.
/// It lives for a single call, so compiled templates stay immutable and shareable by threads.
struct TemplateRenderer {
    /// Deeper nesting of partials, parents and blocks means a template includes itself.
    static let depthLimit = 200

    private let library: TemplateLibrary
    private var stack: [TemplateValue]
    private var overrides: [String: [TemplateNode]] = [:]
    private var depth = 0
    private(set) var output: OutputBuffer

    init(library: TemplateLibrary, context: TemplateValue, capacity: Int) {
        self.library = library
        self.stack = [context]
        self.output = OutputBuffer(capacity: capacity)
    }

    mutating func render(_ nodes: [TemplateNode]) throws(TemplateError) {
        for index in nodes.indices {
            switch nodes[index] {
            case .text(let text):
                output.appendText(text)
            case .value(let path, let escaped, _):
                // The site is bound only on failure: binding it costs a retain per value.
                if !interpolate(lookup(path), escaped: escaped),
                   case .value(_, _, let site) = nodes[index] {
                    throw site.error(.untrustedUnescapedValue(path.description))
                }
            case .section(let path, let content, let inverted):
                let value = lookup(path)
                if inverted {
                    if !value.isTruthy { try render(content) }
                } else if value.isTruthy {
                    try renderSection(content, with: value)
                }
            case .partial(let reference, let indentation, let site):
                guard let template = try resolve(reference, site: site) else { continue }
                try nested(indentation: indentation, overrides: overrides, site: site) { renderer throws(TemplateError) in
                    try renderer.render(template.nodes)
                }
            case .parent(let reference, let indentation, let given, let site):
                guard let template = try resolve(reference, site: site) else { continue }
                // Blocks given further out win: the outermost template has the last word.
                let merged = overrides.merging(given) { outer, _ in outer }
                try nested(indentation: indentation, overrides: merged, site: site) { renderer throws(TemplateError) in
                    try renderer.render(template.nodes)
                }
            case .block(let name, let defaultContent, let indentation, let site):
                if let replacement = overrides[name] {
                    try nested(indentation: indentation, overrides: overrides, site: site) { renderer throws(TemplateError) in
                        try renderer.render(replacement)
                    }
                } else {
                    try render(defaultContent)
                }
            }
        }
    }

    private mutating func renderSection(_ content: [TemplateNode], with value: TemplateValue) throws(TemplateError) {
        if case .list(let items) = value {
            for item in items {
                stack.append(item)
                defer { stack.removeLast() }
                try render(content)
            }
        } else {
            stack.append(value)
            defer { stack.removeLast() }
            try render(content)
        }
    }

    /// Renders with more indentation and other block overrides, restoring both afterwards.
    private mutating func nested(
        indentation: [UInt8], overrides inner: [String: [TemplateNode]], site: TagSite,
        _ body: (inout TemplateRenderer) throws(TemplateError) -> Void
    ) throws(TemplateError) {
        guard depth < Self.depthLimit else { throw site.error(.recursionTooDeep(limit: Self.depthLimit)) }
        let savedIndentation = output.indentation
        let savedOverrides = overrides
        output.indentation += indentation
        overrides = inner
        depth += 1
        defer {
            depth -= 1
            overrides = savedOverrides
            output.indentation = savedIndentation
        }
        try body(&self)
    }

    /// Writes a value; false when strict mode refuses to write it unescaped.
    private mutating func interpolate(_ value: TemplateValue, escaped: Bool) -> Bool {
        switch value {
        case .html(let html):
            output.appendValue(html.markup, escaped: escaped)
        case .null:
            break
        case .string(let string) where escaped || library.mode == .lenient:
            output.appendValue(string, escaped: escaped)
        default:
            if !escaped, library.mode == .strict { return false }
            output.appendValue(value.interpolated, escaped: escaped)
        }
        return true
    }

    /// The template a partial or parent tag names, or nil when the spec says to render nothing.
    private func resolve(_ reference: PartialReference, site: TagSite) throws(TemplateError) -> Template? {
        let name: TemplateName
        switch reference {
        case .named(let fixed):
            name = fixed
        case .dynamic(let path):
            guard case .string(let value) = lookup(path) else {
                if library.mode == .strict { throw site.error(.unresolvedDynamicName(path.description)) }
                return nil
            }
            name = TemplateName(value)
        }
        if let template = library.templates[name] { return template }
        if library.mode == .strict { throw site.error(.unknownPartial(name.rawValue)) }
        return nil
    }

    /// Mustache name resolution: the first component is searched from the innermost context
    /// outwards; the rest must follow from the value found, or the result is null.
    private func lookup(_ path: ValuePath) -> TemplateValue {
        let components = path.components
        guard let first = components.first else { return stack[stack.count - 1] }
        // Indices rather than `reversed()`: this is the hottest loop of rendering.
        var index = stack.count - 1
        while index >= 0 {
            if case .object(let object) = stack[index], var value = object[first] {
                for component in components.dropFirst() {
                    guard let next = value.member(component) else { return .null }
                    value = next
                }
                return value
            }
            index -= 1
        }
        return .null
    }
}

extension TemplateValue {
    /// The text `{{x}}` writes (before escaping); lists and objects write nothing.
    var interpolated: String {
        switch self {
        case .null, .list, .object: ""
        case .bool(let value): value ? "true" : "false"
        case .int(let value): String(value)
        case .double(let value):
            // Whole numbers print without ".0", like the JavaScript the spec's data came from.
            if value.rounded() == value, abs(value) < 1e15 { String(Int(value)) } else { String(value) }
        case .string(let value): value
        case .html(let html): html.markup
        }
    }
}
