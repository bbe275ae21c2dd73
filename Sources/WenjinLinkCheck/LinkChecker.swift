import Dispatch
import Foundation
import Synchronization

// The checker behind `wenjin check`: reads a built site from disk and proves that every
// internal `href` and `src` of every page names a file of the site (and an anchor in it).
// It must not change the site, and it does not follow external links (no network).

/// Checks the internal links of a built site folder.
package struct LinkChecker: Sendable {
    package let root: URL

    package init(root: URL) {
        self.root = root.standardizedFileURL
    }

    /// Scans every `.html` page on every core, resolving each reference against the files
    /// found as it goes; references with an anchor wait until every page's anchors are known.
    package func check() throws(LinkCheckError) -> LinkCheckReport {
        let files = try SiteFiles(root: root)
        let pages = files.pages
        let site = CheckedSite(root: root, pages: pages, resolver: ReferenceResolver(files: files.all))
        let scans = Mutex(PageScans(pageCount: pages.count))
        let workers = max(1, ProcessInfo.processInfo.activeProcessorCount)
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            var local = PageScans(pageCount: 0)
            for index in stride(from: worker, to: pages.count, by: workers) { local.scan(page: index, of: site) }
            scans.withLock { $0.absorb(local) }
        }
        var result = scans.withLock { $0 }
        // A broken anchor is rare, so its page is read again for the reference as written
        // rather than every pending reference keeping it.
        var rescanned: [Int32: PageLinks] = [:]
        for pending in result.pendingAnchors {
            let anchors = result.anchors[Int(pending.target)]
            let anchor = ReferenceResolver.percentDecoded(pending.fragment)
            guard !anchors.contains(anchor) && !anchors.contains(pending.fragment) else { continue }
            if rescanned[pending.page] == nil { rescanned[pending.page] = site.links(ofPage: Int(pending.page)) ?? PageLinks() }
            guard let reference = rescanned[pending.page]?.references[Int(pending.order)] else { continue }
            result.problems.append(PageScans.Numbered(
                page: Int(pending.page), order: Int(pending.order),
                problem: LinkProblem(page: pages[Int(pending.page)], line: reference.line, reference: reference.value,
                                     reason: .missingAnchor(file: pages[Int(pending.target)], anchor: anchor))))
        }
        // Pages in path order, each page's problems in the order they appear in it.
        let listed = result.problems.sorted { ($0.page, $0.order) < ($1.page, $1.order) }.map(\.problem)
        return LinkCheckReport(pages: pages.count, references: result.references, problems: listed)
    }
}

/// What every worker reads: the site's pages, by number, and how to resolve a reference.
private struct CheckedSite: Sendable {
    let root: URL
    let pages: [String]
    let pageNumbers: [String: Int32]
    let resolver: ReferenceResolver

    init(root: URL, pages: [String], resolver: ReferenceResolver) {
        self.root = root
        self.pages = pages
        self.resolver = resolver
        pageNumbers = Dictionary(uniqueKeysWithValues: pages.enumerated().map { ($1, Int32($0)) })
    }

    /// The references and anchors of page `number`, or nil when it cannot be read.
    func links(ofPage number: Int) -> PageLinks? {
        FileManager.default.contents(atPath: root.appendingPathComponent(pages[number]).path).map { HTMLReferenceScanner.scan([UInt8]($0)) }
    }
}

/// What the scans of some pages found, merged from the workers. Kept small, since a site
/// may hold millions of references: pages are numbers, and a problem is built only when found.
private struct PageScans {
    struct Numbered {
        let page: Int
        /// Position among the page's references (-1 for an unreadable page).
        let order: Int
        let problem: LinkProblem
    }

    /// A reference to an existing page with an anchor, checked once all anchors are known.
    struct PendingAnchor {
        let page: Int32
        let order: Int32
        let target: Int32
        /// As written, before percent-decoding; either spelling may name the `id`.
        let fragment: String
    }

    /// By page number.
    var anchors: [Set<String>]
    var problems: [Numbered] = []
    var pendingAnchors: [PendingAnchor] = []
    var references = 0
    private var scannedAnchors: [(page: Int, anchors: Set<String>)] = []

    init(pageCount: Int) { anchors = Array(repeating: [], count: pageCount) }

    mutating func scan(page number: Int, of site: CheckedSite) {
        let page = site.pages[number]
        guard let links = site.links(ofPage: number) else {
            problems.append(Numbered(page: number, order: -1, problem: LinkProblem(page: page, line: 0, reference: page, reason: .unreadablePage)))
            return
        }
        if !links.anchors.isEmpty { scannedAnchors.append((number, links.anchors)) }
        references += links.references.count
        let folder = ReferenceResolver.folder(of: page)
        for (order, reference) in links.references.enumerated() {
            let reason: LinkProblem.Reason
            switch site.resolver.resolve(reference.value, on: page, inFolder: folder) {
            case .resolves:
                continue
            case .broken(let why):
                reason = why
            case .needsAnchor(let file, let fragment):
                guard let target = site.pageNumbers[file] else {
                    reason = .missingAnchor(file: file, anchor: ReferenceResolver.percentDecoded(fragment))
                    break
                }
                pendingAnchors.append(PendingAnchor(page: Int32(number), order: Int32(order), target: target, fragment: fragment))
                continue
            }
            problems.append(Numbered(page: number, order: order, problem: LinkProblem(
                page: page, line: reference.line, reference: reference.value, reason: reason)))
        }
    }

    mutating func absorb(_ other: PageScans) {
        for (page, anchors) in other.scannedAnchors { self.anchors[page] = anchors }
        problems += other.problems
        pendingAnchors += other.pendingAnchors
        references += other.references
    }
}
