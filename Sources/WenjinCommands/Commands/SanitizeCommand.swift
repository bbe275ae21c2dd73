import Foundation
import WenjinSanitizer

/// `wenjin sanitize [--report] [--bbcode]`
enum SanitizeCommand {
    static let report = Parameter.flag(
        "report", help: "Also print what was removed (elements, attributes, URLs) on stderr.")
    static let bbcode = Parameter.flag(
        "bbcode", help: "Read the input as WeCenter's stored BBCode (the list endpoints' form) instead of HTML.")

    static let declaration = CommandDeclaration(
        name: "sanitize",
        summary: "Read HTML on stdin, write it sanitized on stdout (the exact policy build uses).",
        discussion: "Links to the community (on any of its hosts, and the source in site.json) stay absolute links "
            + "to the original, since there is no archive to point into; everything else is what `wenjin build` does.",
        parameters: [report, bbcode],
        action: run)

    static func run(_ invocation: Invocation) async throws -> ExitCode {
        let config = try invocation.loadSiteConfig()
        let input = String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
        let sanitizer = Sanitizer(
            hosts: CommunityHosts(source: config.source.baseURL?.absoluteString ?? "http://wenjin.in/",
                                  historical: config.source.historicalHosts),
            resolver: OriginalsResolver())
        let (html, removed) = invocation.arguments.isSet(bbcode) ? sanitizer.renderBBCode(input) : sanitizer.sanitize(html: input)
        invocation.console.outputRaw(html.html)
        if invocation.arguments.isSet(report) {
            invocation.console.error(describe(removed))
        }
        return .success
    }

    /// One line per kind, most frequent first: `removed elements: script ×2, iframe ×1`.
    static func describe(_ report: SanitizeReport) -> String {
        func line(_ title: String, _ counts: [String: Int]) -> String? {
            guard !counts.isEmpty else { return nil }
            let items = counts.sorted { ($0.value, $1.key) > ($1.value, $0.key) }.map { "\($0.key) ×\($0.value)" }
            return "\(title): \(items.joined(separator: ", "))"
        }
        let lines = [
            line("removed elements", report.removedElements), line("unwrapped elements", report.unwrappedElements),
            line("removed attributes", report.removedAttributes), line("removed URLs", report.removedURLs),
        ].compactMap { $0 }
        return (lines.isEmpty ? "nothing removed" : lines.joined(separator: "\n")) + "\n"
    }
}
