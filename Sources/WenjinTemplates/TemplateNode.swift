/// The compiled form of a template: a tree walked by the renderer, with names already split
/// and standalone lines already removed, so rendering never looks at the source again.
enum TemplateNode: Sendable {
    case text([UInt8])
    case value(ValuePath, escaped: Bool, site: TagSite)
    case section(ValuePath, [TemplateNode], inverted: Bool)
    case partial(PartialReference, indentation: [UInt8], site: TagSite)
    /// `{{<name}}…{{/name}}`: the blocks given inside replace the parent's blocks of that name.
    case parent(PartialReference, indentation: [UInt8], overrides: [String: [TemplateNode]], site: TagSite)
    /// `{{$name}}default{{/name}}` where the template is expanded. `indentation` is added to
    /// each line of an overriding block, whose own indentation was removed when compiled.
    case block(String, defaultContent: [TemplateNode], indentation: [UInt8], site: TagSite)
}

/// A dotted name (`question.author.name`) split once at compile time; `.` is the empty path.
struct ValuePath: Sendable, CustomStringConvertible {
    let components: [String]

    init(_ name: String) {
        components = name == "." ? [] : name.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    }

    var description: String { components.isEmpty ? "." : components.joined(separator: ".") }
}

/// The template a partial or parent tag names: fixed, or looked up in the context (`*name`).
enum PartialReference: Sendable {
    case named(TemplateName)
    case dynamic(ValuePath)
}
