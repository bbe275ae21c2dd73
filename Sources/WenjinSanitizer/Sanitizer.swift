// WenjinSanitizer owns every path by which community text reaches a page: the HTML allowlist
// over libxml2, WeCenter's BBCode and entity-escaped text, and the rewriting of community
// links and images to archive paths. It must not know about the store, the site layout or
// the network: the site builder answers where things live through `ArchiveResolver`.

/// Turns community bodies into `SanitizedHTML` under one `SanitizePolicy`.
/// A value type holding only Sendable configuration: call it from any number of threads.
package struct Sanitizer: Sendable {
    /// The version of the standard policy; the store keys its cache by (content hash, version).
    package static var policyVersion: Int { SanitizePolicy.standard.version }

    package var policy: SanitizePolicy { compiled.policy }
    package let hosts: CommunityHosts
    package let resolver: any ArchiveResolver
    private let compiled: CompiledPolicy

    package init(policy: SanitizePolicy = .standard, hosts: CommunityHosts, resolver: any ArchiveResolver) {
        compiled = CompiledPolicy.compiled(policy)
        self.hosts = hosts
        self.resolver = resolver
    }

    /// Sanitizes an HTML body (question details, answers, articles: docs/api.md §3.2).
    /// Sanitizing the result again gives the same HTML.
    package func sanitize(html: String) -> (SanitizedHTML, SanitizeReport) {
        sanitize(html, markup: .html, resolver: resolver)
    }

    /// Renders stored BBCode (my_question/my_answer, and the `<br>`-only form of home and
    /// topic lists) the way WeCenter's pipeline would, then sanitizes it.
    package func renderBBCode(_ bbcode: String) -> (SanitizedHTML, SanitizeReport) {
        sanitize(bbcode, markup: .bbcode, resolver: resolver)
    }

    func sanitize(_ body: String, markup: BodyMarkup, resolver: any ArchiveResolver) -> (SanitizedHTML, SanitizeReport) {
        let html = markup == .bbcode ? BBCodeRenderer(resolver: resolver).html(from: body) : body
        let first = pass(html, resolver: resolver)
        var output = first.html
        var restructured = first.restructured
        // Removing or unwrapping elements can leave a nesting that libxml2 reads back
        // differently (a `<div>` inside a `<p>`); a few more passes reach the fixed point.
        var rounds = 0
        while restructured && rounds < 4 {
            let next = pass(output, resolver: resolver)
            if next.html == output { break }
            output = next.html
            restructured = next.restructured
            rounds += 1
        }
        // Only the first pass removed anything the author wrote.
        return (SanitizedHTML(html: output), first.report)
    }

    /// Decodes an entity-escaped title, name or comment once into plain text
    /// (`&amp;lt;` becomes `&lt;`, not `<`). Templates escape it again on output.
    package static func decodeEntities(_ text: String) -> String {
        EntityDecoder.decode(text)
    }

    /// The cache key part that identifies an input: SHA-256 of its UTF-8, lower-case hex.
    package static func contentHash(of text: String) -> String {
        SHA256Digest(of: Array(text.utf8)).hex
    }

    /// SHA-256 of some bytes, lower-case hex: names content-addressed files (draft images).
    package static func contentHash(of bytes: [UInt8]) -> String {
        SHA256Digest(of: bytes).hex
    }

    private func pass(_ html: String, resolver: any ArchiveResolver) -> (html: String, report: SanitizeReport, restructured: Bool) {
        var walk = SanitizingWalk(compiled: compiled, hosts: hosts, resolver: resolver, capacity: html.utf8.count + 64)
        HTMLFragment.withTopLevelNodes(of: html) { walk.visit($0) }
        return (String(decoding: walk.writer.bytes, as: UTF8.self), walk.report, walk.restructured)
    }
}
