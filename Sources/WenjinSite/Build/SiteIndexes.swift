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
    var bodies: SanitizedBodies { inputs.bodies }

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
        let basis = SearchBasis(content: archive.content, linkTargets: bodies.ledger.linkTargets)
        // The last search state's skeleton is read (14 MB at 100,000 questions) on a thread of
        // its own while the sitemap, robots.txt and feeds are checked.
        let (others, previous) = SideBySide.run({ Result { try writeOthers(pages: pages, into: staged, progress: progress) } },
                                                { previousSearch(in: staged) })
        previous.notes.forEach(progress.note)
        var outcome = try others.get()
        let (search, journal) = try writeSearch(previous: previous, into: staged, live: live, basis: basis, progress: progress) { result in
            if result == .written { outcome.written += 1 } else { outcome.unchanged += 1 }
            progress.advance(by: 1)
        }
        outcome.search = search
        outcome.sidecars = [Self.searchSeedSidecar: Array(inputs.seed.description.utf8), Self.searchJournalSidecar: journal]
        if let basis { outcome.sidecars[Self.searchBasisSidecar] = basis.sidecar }
        return outcome
    }

    /// The sitemap, robots.txt and the feeds; the outcome counts them.
    private func writeOthers(pages: [PageJob], into staged: any BuildOutput, progress: any BuildProgress) throws -> Outcome {
        var outcome = Outcome()
        func count(_ result: StagedOutput.Outcome) {
            if result == .written { outcome.written += 1 } else { outcome.unchanged += 1 }
            progress.advance(by: 1)
        }
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
        let questions: PlacedList<Question>
    }

    /// The site's feed and every topic's: fingerprinted on every core and checked against the
    /// output under one lock, since a rebuild keeps almost every one; a topic's title is decoded
    /// only for a feed that is written.
    private func writeFeeds(into staged: any BuildOutput, count: (StagedOutput.Outcome) -> Void) throws {
        let feeds = [Feed(path: Self.siteFeed, rawTitle: nil, pageURL: SiteLayout.home.text,
                          questions: PlacedList(firstOf: archive.content.questions, count: Self.feedEntries))]
            + archive.content.topics.map { topic in
                Feed(path: Self.topicFeed(topic.id), rawTitle: topic.title, pageURL: SiteLayout.topic(topic.id).text,
                     questions: archive.questionsByTopic[topic.id].prefix(Self.feedEntries))
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
