import Dispatch
import Foundation
import Synchronization

// The checker behind `wenjin check`: reads a built site from disk and proves that every
// internal `href` and `src` of every page names a file of the site (and an anchor in it).
// It must not change the site, and it does not follow external links (no network).

/// Checks the internal links of a built site folder.
public struct LinkChecker: Sendable {
    public let root: URL

    public init(root: URL) {
        self.root = root.standardizedFileURL
    }

    /// Scans every `.html` page on every core, then resolves each reference against the
    /// files found and the anchors of the page it names.
    public func check() throws(LinkCheckError) -> LinkCheckReport {
        let files = try SiteFiles(root: root)
        let pages = files.pages
        let results = Mutex([String: PageLinks]())
        let unreadable = Mutex([LinkProblem]())
        let workers = max(1, ProcessInfo.processInfo.activeProcessorCount)
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            var local: [String: PageLinks] = [:]
            var failed: [LinkProblem] = []
            for index in stride(from: worker, to: pages.count, by: workers) {
                let page = pages[index]
                guard let data = FileManager.default.contents(atPath: root.appendingPathComponent(page).path) else {
                    failed.append(LinkProblem(page: page, line: 0, reference: page, reason: .unreadablePage))
                    continue
                }
                local[page] = HTMLReferenceScanner.scan([UInt8](data))
            }
            results.withLock { $0.merge(local) { first, _ in first } }
            unreadable.withLock { $0 += failed }
        }
        let scanned = results.withLock { $0 }
        let resolver = ReferenceResolver(files: files.all, pages: scanned)
        let problems = Mutex([Int: [LinkProblem]]())
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            var found: [Int: [LinkProblem]] = [:]
            for index in stride(from: worker, to: pages.count, by: workers) {
                let page = pages[index]
                for reference in scanned[page]?.references ?? [] {
                    if let reason = resolver.problem(with: reference.value, on: page) {
                        found[index, default: []].append(LinkProblem(page: page, line: reference.line, reference: reference.value, reason: reason))
                    }
                }
            }
            problems.withLock { $0.merge(found) { first, _ in first } }
        }
        // Pages in path order, each page's problems in the order they appear in it.
        let listed = unreadable.withLock { $0 }.sorted { $0.page < $1.page }
            + problems.withLock { $0 }.sorted { $0.key < $1.key }.flatMap(\.value)
        let references = scanned.values.reduce(0) { $0 + $1.references.count }
        return LinkCheckReport(pages: pages.count, references: references, problems: listed)
    }
}

/// The files of the site, as paths relative to its root.
private struct SiteFiles {
    let all: Set<String>
    let pages: [String]

    init(root: URL) throws(LinkCheckError) {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root.path, isDirectory: &isFolder), isFolder.boolValue else {
            throw LinkCheckError(root: root.path, reason: .notAFolder)
        }
        guard let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey]) else {
            throw LinkCheckError(root: root.path, reason: .unreadable)
        }
        let prefix = root.path.hasSuffix("/") ? root.path : root.path + "/"
        var all: Set<String> = []
        var pages: [String] = []
        for case let url as URL in enumerator {
            guard (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true else { continue }
            let path = url.standardizedFileURL.path
            guard path.hasPrefix(prefix) else { continue }
            let relative = String(path.dropFirst(prefix.count))
            all.insert(relative)
            if relative.hasSuffix(".html") || relative.hasSuffix(".htm") { pages.append(relative) }
        }
        self.all = all
        self.pages = pages.sorted()
    }
}
