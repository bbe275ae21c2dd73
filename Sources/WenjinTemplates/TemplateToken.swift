/// One piece of template text as the tokenizer cuts it: a run of literal text (never past the
/// end of a line) or one tag, by byte range.
struct TemplateToken {
    enum Kind: Equatable {
        case text
        case variable(escaped: Bool)
        case section
        case inverted
        case close
        case partial
        case parent
        case block
        case comment
        case delimiters
    }

    let kind: Kind
    /// Byte offsets of the whole token, delimiters included.
    let start: Int
    let end: Int
    /// The tag's name: trimmed, without sigil (and without the `*` of a dynamic name).
    let name: String
    /// `{{>*name}}` and `{{<*name}}`: the name is looked up in the context.
    let isDynamic: Bool
    /// Set by the standalone pass: the tag's line is removed from the output.
    var isStandalone = false
    /// Set by the standalone pass for text of standalone lines, which is not written.
    var isDropped = false
    /// Set by the standalone pass: whitespace that preceded a standalone tag on its line.
    var indentation: ArraySlice<UInt8> = []

    init(kind: Kind, start: Int, end: Int, name: String = "", isDynamic: Bool = false) {
        self.kind = kind
        self.start = start
        self.end = end
        self.name = name
        self.isDynamic = isDynamic
    }

    /// The name as written, with the `*` of a dynamic name, for error messages.
    var spelledName: String { isDynamic ? "*" + name : name }

    /// Tags that write nothing themselves, so a line holding only one of them disappears.
    var canStandAlone: Bool {
        switch kind {
        case .text, .variable: false
        case .section, .inverted, .close, .partial, .parent, .block, .comment, .delimiters: true
        }
    }
}
