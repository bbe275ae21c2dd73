import Foundation
import WenjinBuildSupport
import WenjinConfig
import WenjinLinkCheck

/// `wenjin check --privacy`: every file of a built site (pages, JSON, search shards, feeds,
/// sitemap, images, `_headers` — anything) scanned for the archive's `ForbiddenContent`; a
/// precompressed sibling (`page.html.gz`, `.br`, docs/design.md#hosting) is scanned decompressed.
package struct PrivacyCheck: Sendable {
    package let root: URL
    package let forbidden: ForbiddenContent

    package init(root: URL, forbidden: ForbiddenContent) {
        self.root = root
        self.forbidden = forbidden
    }

    package func run() throws(LinkCheckError) -> PrivacyReport {
        let files = try SiteFiles(root: root).all.sorted()
        let rootPath = root.path
        let findings = try ParallelWork.map(files) { file throws(LinkCheckError) -> [PrivacyFinding] in
            guard let data = FileManager.default.contents(atPath: rootPath + "/" + file) else {
                throw LinkCheckError(root: rootPath + "/" + file, reason: .unreadable)
            }
            if let (original, encoding) = Self.precompressed(file) {
                // What a host sends for the original: checked as the original, reported as itself.
                guard let expanded = Compression.decompress([UInt8](data), as: encoding) else {
                    return [PrivacyFinding(file: file, finding: "cannot be decompressed as \(encoding.rawValue), so it cannot be checked")]
                }
                return expanded.withUnsafeBytes { forbidden.findings(in: $0, entry: original) }
                    .map { PrivacyFinding(file: file, finding: $0.finding) }
            }
            return data.withUnsafeBytes { forbidden.findings(in: $0, entry: file) }
        }
        return PrivacyReport(files: files.count, findings: findings.flatMap { $0 })
    }
}

extension PrivacyCheck {
    /// The original's path and the encoding of a precompressed sibling, nil for another file.
    static func precompressed(_ file: String) -> (String, SiteConfig.Hosting.Encoding)? {
        for encoding in SiteConfig.Hosting.Encoding.allCases where file.hasSuffix("." + encoding.fileExtension) {
            return (String(file.dropLast(encoding.fileExtension.count + 1)), encoding)
        }
        return nil
    }
}

/// What a privacy check found: each forbidden thing once per file, by file.
package struct PrivacyReport: Sendable {
    package let files: Int
    package let findings: [PrivacyFinding]
    package var passed: Bool { findings.isEmpty }
}
