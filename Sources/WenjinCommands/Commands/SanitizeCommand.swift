/// `wenjin sanitize`
enum SanitizeCommand {
    static let declaration = CommandDeclaration(
        name: "sanitize",
        summary: "Read HTML on stdin, write it sanitized on stdout (the exact policy build uses).",
        action: NotAvailable.action)
}
