/// The text of one template and where it came from, kept so that errors found while rendering
/// can still name the file, line and column of the tag to blame.
final class TemplateSource: Sendable {
    let name: TemplateName
    /// The path when loaded from disk, else the name; used in error messages.
    let file: String
    let bytes: [UInt8]

    init(name: TemplateName, file: String?, text: String) {
        self.name = name
        self.file = file ?? name.rawValue
        self.bytes = Array(text.utf8)
    }

    /// An error located at the byte `offset` of this template.
    func error(at offset: Int, _ reason: TemplateError.Reason) -> TemplateError {
        let prefix = bytes[..<min(offset, bytes.count)]
        let lineStart = (prefix.lastIndex(of: newline) ?? -1) + 1
        let line = prefix.reduce(1) { $1 == newline ? $0 + 1 : $0 }
        let column = String(decoding: bytes[lineStart..<prefix.endIndex], as: UTF8.self).count + 1
        return TemplateError(file: file, line: line, column: column, reason: reason)
    }
}

/// Where a tag sits, for errors that only rendering can find (unknown dynamic partials,
/// untrusted unescaped values).
struct TagSite: Sendable {
    let source: TemplateSource
    let offset: Int

    func error(_ reason: TemplateError.Reason) -> TemplateError {
        source.error(at: offset, reason)
    }
}

let newline = UInt8(ascii: "\n")

/// Spaces and tabs: what indentation is made of.
func isIndentation(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
}
