import Foundation
import WenjinBuildSupport
import WenjinModel

/// Fingerprints of the sitemap and the feeds from their inputs, as `PageInputs` does for pages,
/// so a rebuild keeps them without making them: a feed is its questions (with their askers,
/// topics and bodies), a sitemap its pages' paths and dates, each with the site-wide seed.
struct FeedAndSitemapInputs {
    let entities: EntityDigests
    let bodies: SanitizedBodies
    let seed: PageFingerprint

    /// The sitemap's files, each from its name and one digest of every page it lists (taken
    /// once: a large archive's sitemap lists 150,000 pages in several files). A page is digested
    /// by its job, of which its path is a function under the program the seed covers; the dates
    /// (`SiteIndexes.lastModified`) by every question's and article's, in the archive's order, not
    /// looked up page by page: no entry nor path is made for a sitemap that is kept.
    func sitemap(_ pages: [PageJob], archive: ArchiveLookup, files: [SitePath]) -> [PageFingerprint] {
        var all = ContentDigest(seed: seed.value)
        all.add(word: UInt64(pages.count))
        for page in pages where SiteIndexes.listsInSitemap(page) { Self.add(page, to: &all) }
        func add(_ id: Int, _ date: Date?) {
            all.add(word: UInt64(bitPattern: Int64(id)))
            all.add(word: date.map { $0.timeIntervalSinceReferenceDate.bitPattern } ?? 0)
        }
        // By index and field: a copy of each question (`for question in`) retained and released every text of it.
        let (questions, articles) = (archive.content.questions, archive.content.articles)
        all.add(tag: 1)
        for index in questions.indices { add(questions[index].id.rawValue, questions[index].updateTime) }
        all.add(tag: 2)
        for index in articles.indices { add(articles[index].id.rawValue, articles[index].addTime) }
        let entriesDigest = all.finish()
        return files.map { file in
            var digest = ContentDigest(seed: seed.value)
            digest.add(file.text)
            digest.add(word: entriesDigest)
            return PageFingerprint(value: digest.finish())
        }
    }

    /// A page the sitemap lists, by what names its path: its kind and number.
    private static func add(_ page: PageJob, to digest: inout ContentDigest) {
        func add(_ tag: UInt8, _ first: Int, _ second: Int = 0) {
            digest.add(tag: tag)
            digest.add(word: UInt64(bitPattern: Int64(first)))
            digest.add(word: UInt64(bitPattern: Int64(second)))
        }
        switch page {
        case .home(let number): add(1, number)
        case .unanswered(let number): add(2, number)
        case .articleList(let number): add(3, number)
        case .topicsIndex(let number): add(4, number)
        case .usersIndex(let number): add(5, number)
        case .question(let id): add(6, id.rawValue)
        case .article(let id): add(7, id.rawValue)
        case .user(let id, let number): add(8, id.rawValue, number)
        case .topic(let id, let number): add(9, id.rawValue, number)
        case .about: add(10, 0)
        // Not listed (`SiteIndexes.listsInSitemap`); a path of its own all the same.
        case .withdrawn, .search, .notFound: digest.add(page.path.text)
        }
    }

    /// A feed of `questions` under `title` (the topic's title as stored, for a topic's feed; the
    /// site's title, which the seed covers too, for the site's).
    func feed(_ file: String, title: String, questions: PlacedList<Question>) -> PageFingerprint {
        var digest = ContentDigest(seed: seed.value)
        digest.add(file)
        digest.add(title)
        digest.add(word: UInt64(questions.count))
        // By index and field, not a copy of each question (a rebuild digests every topic's feed).
        for index in questions.indices {
            let id = questions[index].id
            digest.add(word: entities.questions[id] ?? 0)
            digest.add(word: bodies.digest(.question(id)))
            if let asker = questions[index].askerID, !questions[index].isAnonymous { digest.add(word: entities.users[asker] ?? 1) }
            for topic in questions[index].topicIDs { digest.add(word: entities.topics[topic] ?? 1) }
        }
        return PageFingerprint(value: digest.finish())
    }
}
