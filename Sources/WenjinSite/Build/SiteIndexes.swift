import Foundation
import WenjinBuildSupport
import WenjinModel
import WenjinSanitizer
import WenjinSearch

/// The files beside the pages: the search index, `sitemap.xml`, Atom feeds (the site's and
/// one per topic) and `robots.txt`, gathered from the archive and handed to the writers of
/// `WenjinSearch` and `Feeds/`, which own their formats. What did not change is kept, not made:
/// sitemap and feeds by the fingerprints of their inputs (`FeedAndSitemapInputs`), the search index by
/// patching the previous one (its state is published with the output, `searchStateSidecar`).
struct SiteIndexes {
    static let siteFeed = SitePath("feed.xml")
    static func topicFeed(_ id: TopicID) -> SitePath { SitePath("feeds/topic-\(id.rawValue).xml") }
    static let feedEntries = 30
    /// The search index's state, published beside the output it describes, and the seed
    /// (`FeedAndSitemapInputs.seed`) of the build that made it: a new program, theme or site setting
    /// writes the index whole, in case the tokenizing or the file format changed with it.
    static let searchStateSidecar = "search-state"
    static let searchSeedSidecar = "search-seed"
    /// What the last rebuilds changed of the state, which they carried as it was (`SearchIndexState.journal()`).
    static let searchJournalSidecar = "search-journal"
    /// Where the store stood when the state was made (`SearchBasis`), so the next build can
    /// digest only the documents of rows written since.
    static let searchBasisSidecar = "search-basis"

    let archive: ArchiveLookup
    let siteTitle: String
    let baseURL: URL?
    let inputs: FeedAndSitemapInputs
    private var bodies: SanitizedBodies { inputs.bodies }

    /// What the step did: files written and kept, the search report, and the sidecars to
    /// publish with the output (the search state is staged as it is written: `writeSearch`).
    struct Outcome {
        var written = 0
        var unchanged = 0
        var search: SearchIndexReport?
        /// The sidecars to publish with the output.
        var sidecars: [String: [UInt8]] = [:]
    }

    /// Puts every file into `staged` as soon as it is made (a large archive's index would not
    /// fit in memory whole beside the archive); `live` is the published folder `staged` replaces.
    func write(pages: [PageJob], into staged: any BuildOutput, live: URL, progress: any BuildProgress) throws -> Outcome {
        var outcome = Outcome()
        func count(_ result: StagedOutput.Outcome) {
            if result == .written { outcome.written += 1 } else { outcome.unchanged += 1 }
            progress.advance(by: 1)
        }
        let basis = SearchBasis(content: archive.content, linkTargets: bodies.ledger.linkTargets)
        let (search, journal) = try writeSearch(into: staged, live: live, basis: basis, progress: progress, count: count)
        outcome.search = search
        outcome.sidecars = [Self.searchSeedSidecar: Array(inputs.seed.description.utf8), Self.searchJournalSidecar: journal]
        if let basis { outcome.sidecars[Self.searchBasisSidecar] = basis.sidecar }
        if let baseURL {
            let group = Sitemap.paths(entryCount: pages.count(where: Self.listsInSitemap)).map { SitePath($0.text) }
            let fingerprints = inputs.sitemap(pages, archive: archive, files: group)
            if try !zip(group, fingerprints).allSatisfy({ try staged.carryOver($0, fingerprint: $1) }) {
                for (file, fingerprint) in zip(Sitemap(baseURL: baseURL, entries: sitemapEntries(pages)).files, fingerprints) {
                    count(try staged.write(Array(file.contents), to: SitePath(file.path.text), fingerprint: fingerprint))
                }
            } else {
                group.forEach { _ in count(.unchanged) }
            }
        }
        let robots = RobotsFile.generatedFile(baseURL: baseURL)
        count(try staged.write(Array(robots.contents), to: SitePath(robots.path.text)))
        try writeFeeds(into: staged, count: count)
        return outcome
    }

    /// A feed: the site's (no `rawTitle`) or a topic's, under its title as stored.
    private struct Feed: Sendable {
        let path: SitePath
        let rawTitle: String?
        let pageURL: String
        let questions: ArraySlice<Question>
    }

    /// The site's feed and every topic's: fingerprinted on every core and checked against the
    /// output under one lock, since a rebuild keeps almost every one; a topic's title is decoded
    /// only for a feed that is written.
    private func writeFeeds(into staged: any BuildOutput, count: (StagedOutput.Outcome) -> Void) throws {
        let feeds = [Feed(path: Self.siteFeed, rawTitle: nil, pageURL: SiteLayout.home.text,
                          questions: archive.content.questions.prefix(Self.feedEntries))]
            + archive.content.topics.map { topic in
                Feed(path: Self.topicFeed(topic.id), rawTitle: topic.title, pageURL: SiteLayout.topic(topic.id).text,
                     questions: (archive.questionsByTopic[topic.id] ?? []).prefix(Self.feedEntries))
            }
        let (inputs, siteTitle) = (inputs, siteTitle)
        let fingerprints = ParallelWork.map(feeds) { inputs.feed($0.path.text, title: $0.rawTitle ?? siteTitle, questions: $0.questions) }
        let kept = try staged.carryOver(zip(feeds, fingerprints).map { ($0.path, $1) })
        let writer = AtomWriter(siteTitle: siteTitle, baseURL: baseURL)
        for (index, feed) in feeds.enumerated() {
            if kept[index] {
                count(.unchanged)
                continue
            }
            let title = feed.rawTitle.map { "\(Sanitizer.decodeEntities($0)) - \(siteTitle)" } ?? siteTitle
            let file = writer.file(for: AtomFeed(path: feed.path, title: title, pageURL: feed.pageURL, entries: feed.questions.map(entry)))
            count(try staged.write(Array(file.contents), to: feed.path, fingerprint: fingerprints[index]))
        }
    }

    /// The search index, patched from the live output's when its state is there (and was made
    /// by this program for this site), else written whole; a state that should be there and
    /// cannot be used is told in a progress line. A patch publishes the previous state's file
    /// again as it is, with a journal of what changed (returned, to publish as a sidecar); else
    /// the new state is staged a chunk at a time, copying unchanged records from the previous
    /// state's file, which is never held whole.
    private func writeSearch(into staged: any BuildOutput, live: URL, basis: SearchBasis?, progress: any BuildProgress,
                             count: (StagedOutput.Outcome) -> Void) throws -> (SearchIndexReport, journal: [UInt8]) {
        // Published together, so a seed without its state and journal means they were lost.
        var previous: SearchIndexState?
        var changes: SiteSearchChanges?
        if staged.liveSidecar(Self.searchSeedSidecar) == Array(inputs.seed.description.utf8) {
            // Left in its file: only the records are decoded, and a changed document's old text read back.
            if let file = staged.liveSidecarFile(Self.searchStateSidecar), let journal = staged.liveSidecar(Self.searchJournalSidecar) {
                do {
                    previous = try SearchIndexState(decoding: file, journal: journal)
                } catch {
                    progress.note("the search index state of the last build is unreadable (\(error.problem)): writing the whole index")
                }
            } else {
                progress.note("no readable search index state from the last build: writing the whole index")
            }
            if previous != nil, let basis {
                if let published = staged.liveSidecar(Self.searchBasisSidecar).flatMap(SearchBasis.init(sidecar:)) {
                    changes = SiteSearchChanges(archive: archive, bodies: bodies, basis: published, now: basis)
                } else {
                    progress.note("no readable search basis from the last build: digesting every search document")
                }
            }
        }
        struct MissingLiveFile: Error {}
        let report: SearchIndexReport
        let state: SearchIndexState
        do {
            (report, state) = try write(previous: previous, changes: changes, live: live, into: staged, count: count)
        } catch is MissingLiveFile {
            progress.note("a search file of the last build is missing: writing the whole index")
            (report, state) = try write(previous: nil, changes: nil, live: live, into: staged, count: count)
        }
        // A document withdrawn since (a takedown, a deletion upstream) has its old text in the
        // previous state's file: the state is then written whole, not carried with a journal.
        let withheld = SiteSearchDocuments.withheldKeys(archive.content.withdrawals)
        if let journal = state.journal(withheld: withheld.contains), staged.carrySidecar(Self.searchStateSidecar) {
            return (report, journal)
        }
        var written: SearchIndexState.Written?
        try staged.stageSidecar(Self.searchStateSidecar) { writer in written = state.write { writer.append(bytes: $0) } }
        // An output that keeps no state (`StreamedOutput`) wrote none: it has no journal either.
        return (report, written.map(state.journal(over:)) ?? [])

        /// From the change set when there is one and it patches; else from every document's source.
        func write(previous: SearchIndexState?, changes: SiteSearchChanges?, live: URL, into staged: any BuildOutput,
                   count: (StagedOutput.Outcome) -> Void) throws -> (SearchIndexReport, SearchIndexState) {
            let previousFile = { (path: SitePath) in FileManager.default.contents(atPath: live.appendingPathComponent(path.text).path) }
            // Only a patch hands on unchanged files, each the live output's: carried under one
            // lock once the patch is written (a patch at 100,000 questions keeps 6,000 files).
            var unchanged: [(path: SitePath, fingerprint: PageFingerprint)] = []
            let emit = { (output: SearchIndexOutput) throws in
                switch output {
                case .file(let file):
                    count(try staged.write(Array(file.contents), to: SitePath(file.path.text)))
                case .unchanged(let path):
                    let path = SitePath(path.text)
                    guard let fingerprint = staged.liveFingerprint(path) else { throw MissingLiveFile() }
                    unchanged.append((path, fingerprint))
                }
            }
            func carryUnchanged() throws {
                guard try staged.carryOver(unchanged).allSatisfy({ $0 }) else { throw MissingLiveFile() }
                unchanged.forEach { _ in count(.unchanged) }
            }
            if let previous, let changes,
               let written = try SearchIndex.write(changed: changes.sources, count: changes.count, make: changes.document,
                                                   previous: previous, previousFile: previousFile, to: emit) {
                try carryUnchanged()
                return written
            }
            let documents = SiteSearchDocuments(content: archive.content, bodies: bodies)
            let written = try SearchIndex.write(sources: documents.sources, make: documents.document, previous: previous,
                                                previousFile: previousFile, to: emit)
            try carryUnchanged()
            return (written.report, written.state)
        }
    }

    private func sitemapEntries(_ pages: [PageJob]) -> [SitemapEntry] {
        pages.filter(Self.listsInSitemap).map { SitemapEntry(path: $0.path.text, lastModified: Self.lastModified($0, in: archive)) }
    }

    /// Whether the sitemap lists the page: not the search page, the 404 page, nor a notice.
    static func listsInSitemap(_ page: PageJob) -> Bool {
        switch page {
        case .search, .notFound, .withdrawn: false
        default: true
        }
    }

    /// The date the sitemap gives the page: a question's last update, an article's publication.
    static func lastModified(_ page: PageJob, in archive: ArchiveLookup) -> Date? {
        switch page {
        case .question(let id): archive.questionsByID[id]?.updateTime
        case .article(let id): archive.articlesByID[id]?.addTime
        default: nil
        }
    }

    private func entry(_ question: Question) -> AtomEntry {
        let author = question.isAnonymous ? nil : question.askerID.flatMap { archive.usersByID[$0] }
        return AtomEntry(
            title: Sanitizer.decodeEntities(question.title), url: SiteLayout.question(question.id).text,
            published: question.addTime, updated: question.updateTime,
            author: author.map { Sanitizer.decodeEntities($0.displayName) },
            summary: bodies.text(.question(question.id)).isEmpty ? nil : bodies.text(.question(question.id)),
            categories: question.topicIDs.compactMap { archive.topicsByID[$0].map { Sanitizer.decodeEntities($0.title) } })
    }

    /// `a + b` held at `Int`'s ends: stored counts come from the source, and a store written
    /// before counts were clamped may hold any value.
    static func sum(_ a: Int, _ b: Int) -> Int {
        let (total, overflow) = a.addingReportingOverflow(b)
        return overflow ? (b > 0 ? .max : .min) : total
    }
}
