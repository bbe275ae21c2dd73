import Foundation
import WenjinBuildSupport
import WenjinLinkCheck

/// `wenjin check --privacy`: every file of a built site (pages, JSON, search shards, feeds,
/// sitemap, images — anything) scanned for the archive's `ForbiddenContent`.
public struct PrivacyCheck: Sendable {
    public let root: URL
    public let forbidden: ForbiddenContent

    public init(root: URL, forbidden: ForbiddenContent) {
        self.root = root
        self.forbidden = forbidden
    }

    public func run() throws(LinkCheckError) -> PrivacyReport {
        let files = try SiteFiles(root: root).all.sorted()
        let rootPath = root.path
        let findings = try ParallelWork.map(files) { file throws(LinkCheckError) -> [PrivacyFinding] in
            guard let data = FileManager.default.contents(atPath: rootPath + "/" + file) else {
                throw LinkCheckError(root: rootPath + "/" + file, reason: .unreadable)
            }
            return data.withUnsafeBytes { forbidden.findings(in: $0, entry: file) }
        }
        return PrivacyReport(files: files.count, findings: findings.flatMap { $0 })
    }
}

/// What a privacy check found: each forbidden thing once per file, by file.
public struct PrivacyReport: Sendable {
    public let files: Int
    public let findings: [PrivacyFinding]
    public var passed: Bool { findings.isEmpty }
}
