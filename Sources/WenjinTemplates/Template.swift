/// One template compiled into a node tree: parse once, render many times from any thread.
/// Render it through a `TemplateLibrary`, which supplies its partials and parents.
package struct Template: Sendable {
    let source: TemplateSource
    let nodes: [TemplateNode]

    /// The name partial tags use for this template.
    package var name: TemplateName { source.name }

    /// Compiles `text`; `file` (a path) is what errors name, the template's name otherwise.
    /// Throws `TemplateError` for unclosed or mismatched sections and bad tags.
    package init(name: TemplateName, text: String, file: String? = nil) throws(TemplateError) {
        source = TemplateSource(name: name, file: file, text: text)
        var tokenizer = TemplateTokenizer(source: source)
        var tokens = try tokenizer.tokenize()
        StandaloneLines.mark(&tokens, in: source.bytes)
        nodes = try TemplateParser(source: source).parse(tokens)
    }

    /// Every fixed partial and parent name used, with where it is used, for strict checks.
    func partialReferences() -> [(TemplateName, TagSite)] {
        var found: [(TemplateName, TagSite)] = []
        func visit(_ nodes: [TemplateNode]) {
            for node in nodes {
                switch node {
                case .partial(.named(let name), _, let site): found.append((name, site))
                case .parent(let reference, _, let overrides, let site):
                    if case .named(let name) = reference { found.append((name, site)) }
                    for key in overrides.keys.sorted() { visit(overrides[key] ?? []) }
                case .section(_, let content, _), .block(_, let content, _, _): visit(content)
                case .text, .value, .partial: continue
                }
            }
        }
        visit(nodes)
        return found
    }
}
