// WenjinTemplates owns the Mustache engine: compiling templates (the official spec, with
// inheritance and dynamic names), the values they render, and libraries of named templates.
// It knows nothing of sites, stores or the sanitizer: trusted HTML comes in as `TrustedHTML`.
import Foundation

/// A set of compiled templates addressed by name, in which partials and parents are found,
/// and the one way to render: `try library.render("question", with: context)`.
package struct TemplateLibrary: Sendable {
    /// How forgiving rendering is.
    package enum Mode: Sendable {
        /// The Mustache spec: any value may be written unescaped, and a missing partial
        /// writes nothing.
        case lenient
        /// For the site: unescaped output only of `TrustedHTML` (or null), and a missing
        /// partial or parent, or a dynamic name that is not a string, is an error.
        case strict
    }

    package let mode: Mode
    let templates: [TemplateName: Template]

    /// A library of already compiled templates. In strict mode every fixed partial and
    /// parent they name must be among them.
    package init(_ templates: [Template], mode: Mode = .strict) throws(TemplateError) {
        var byName: [TemplateName: Template] = [:]
        for template in templates {
            guard byName.updateValue(template, forKey: template.name) == nil else {
                throw TemplateError(file: template.source.file, reason: .duplicateTemplate(template.name.rawValue))
            }
        }
        self.templates = byName
        self.mode = mode
        if mode == .strict {
            for name in byName.keys.sorted() {
                for (partial, site) in byName[name]?.partialReferences() ?? [] where byName[partial] == nil {
                    throw site.error(.unknownPartial(partial.rawValue))
                }
            }
        }
    }

    /// Loads and compiles every `*.mustache` file below `folder` (a theme), each once.
    /// `partials/answer.mustache` is named `partials/answer`.
    package init(folder: URL, mode: Mode = .strict) throws(TemplateError) {
        let root = folder.standardizedFileURL
        let files: [URL]
        do {
            files = try TemplateLibrary.mustacheFiles(in: root)
        } catch {
            throw TemplateError(file: root.path, reason: .unreadableFile(String(describing: error)))
        }
        var templates: [Template] = []
        for file in files {
            let relative = String(file.path.dropFirst(root.path.count + 1).dropLast(".mustache".count))
            let text: String
            do {
                text = try String(contentsOf: file, encoding: .utf8)
            } catch {
                throw TemplateError(file: file.path, reason: .unreadableFile(String(describing: error)))
            }
            templates.append(try Template(name: TemplateName(relative), text: text, file: file.path))
        }
        try self.init(templates, mode: mode)
    }

    /// Every template's name, sorted.
    package var names: [TemplateName] { templates.keys.sorted() }

    /// The template of that name.
    package func template(named name: TemplateName) throws(TemplateError) -> Template {
        guard let template = templates[name] else { throw TemplateError(file: name.rawValue, reason: .unknownTemplate(name.rawValue)) }
        return template
    }

    /// Renders the template of that name against `context`.
    package func render(_ name: TemplateName, with context: TemplateValue) throws(TemplateError) -> String {
        try render(template(named: name), with: context)
    }

    /// Renders the template of that name against a view model.
    package func render(_ name: TemplateName, with context: some TemplateRenderable) throws(TemplateError) -> String {
        try render(template(named: name), with: context.templateValue)
    }

    /// Renders `template` (which need not belong to the library) against `context`, taking
    /// its partials and parents from the library.
    package func render(_ template: Template, with context: TemplateValue) throws(TemplateError) -> String {
        String(decoding: try renderUTF8(template, with: context), as: UTF8.self)
    }

    /// Like `render`, as UTF-8 bytes ready to write or compare with a file.
    package func renderUTF8(_ template: Template, with context: TemplateValue) throws(TemplateError) -> [UInt8] {
        var renderer = TemplateRenderer(library: self, context: context, capacity: template.source.bytes.count * 2 + 1024)
        try renderer.render(template.nodes)
        return renderer.output.bytes
    }

    private static func mustacheFiles(in root: URL) throws -> [URL] {
        let paths = try FileManager.default.subpathsOfDirectory(atPath: root.path)
        return paths.filter { $0.hasSuffix(".mustache") }.sorted().map { root.appendingPathComponent($0) }
    }
}
