import Foundation
import WenjinModel
import WenjinSanitizer

/// The files beside the pages: the search index, `sitemap.xml`, Atom feeds (the site's and
/// one per topic) and `robots.txt`, gathered from the archive and handed to the writers of
/// `Search/` and `Feeds/`, which own their formats.
struct SiteIndexes {
    static let siteFeed = GeneratedFile.Path("feed.xml")
    static func topicFeed(_ id: TopicID) -> GeneratedFile.Path { GeneratedFile.Path("feeds/topic-\(id.rawValue).xml") }
    static let feedEntries = 30

    let index: ArchiveIndex
    let siteTitle: String
    let baseURL: URL?
    let bodies: SanitizedBodies

    /// Hands every file to `emit` as soon as it is made (a large archive's index would not fit
    /// in memory whole beside the archive); returns the search index's report for the summary.
    func write(pages: [PageJob], to emit: (GeneratedFile) throws(SiteError) -> Void) throws -> SearchIndexReport {
        let search = try SearchIndex.write(documents: searchDocuments(), to: emit)
        var files: [GeneratedFile] = []
        if let baseURL {
            let entries = pages.compactMap { job -> SitemapEntry? in
                switch job {
                case .search, .notFound: nil
                case .question(let id): SitemapEntry(path: job.path.text, lastModified: index.questionsByID[id]?.updateTime)
                case .article(let id): SitemapEntry(path: job.path.text, lastModified: index.articlesByID[id]?.addTime)
                default: SitemapEntry(path: job.path.text)
                }
            }
            files += Sitemap(baseURL: baseURL, entries: entries).files
        }
        files.append(RobotsFile.generatedFile(baseURL: baseURL))
        let writer = AtomWriter(siteTitle: siteTitle, baseURL: baseURL)
        let content = index.content
        files.append(writer.file(for: AtomFeed(
            path: Self.siteFeed, title: siteTitle, pageURL: SiteLayout.home.text,
            entries: content.questions.prefix(Self.feedEntries).map(entry))))
        for topic in content.topics {
            let questions = (index.questionsByTopic[topic.id] ?? []).prefix(Self.feedEntries)
            files.append(writer.file(for: AtomFeed(
                path: Self.topicFeed(topic.id), title: "\(Sanitizer.decodeEntities(topic.title)) - \(siteTitle)",
                pageURL: SiteLayout.topic(topic.id).text, entries: questions.map(entry))))
        }
        for file in files { try emit(file) }
        return search
    }

    private func entry(_ question: Question) -> AtomEntry {
        let author = question.isAnonymous ? nil : question.askerID.flatMap { index.usersByID[$0] }
        return AtomEntry(
            title: Sanitizer.decodeEntities(question.title), url: SiteLayout.question(question.id).text,
            published: question.addTime, updated: question.updateTime,
            author: author.map { Sanitizer.decodeEntities($0.displayName) },
            summary: bodies.text(.question(question.id)).isEmpty ? nil : bodies.text(.question(question.id)),
            categories: question.topicIDs.compactMap { index.topicsByID[$0].map { Sanitizer.decodeEntities($0.title) } })
    }

    /// Questions, answers, articles, topics and users, with the plain text a reader sees.
    private func searchDocuments() -> [SearchDocument] {
        let content = index.content
        var documents = ParallelWork.map(content.questions) { question -> [SearchDocument] in
            let title = Sanitizer.decodeEntities(question.title)
            let answers = content.answers[question.id] ?? []
            var list = [SearchDocument(
                title: title, text: bodies.text(.question(question.id)),
                url: SiteLayout.question(question.id).text, kind: .question, weight: answers.count + question.focusCount)]
            for answer in answers {
                list.append(SearchDocument(
                    title: title, text: bodies.text(.answer(answer.id)),
                    url: SiteLayout.question(question.id).text + "#" + SiteLayout.answerAnchor(answer.id),
                    kind: .answer, weight: answer.agreeCount, indexesTitle: false))
            }
            return list
        }.flatMap { $0 }
        documents += ParallelWork.map(content.articles) { article in
            SearchDocument(title: Sanitizer.decodeEntities(article.title), text: bodies.text(.article(article.id)),
                           url: SiteLayout.article(article.id).text, kind: .article, weight: article.votes)
        }
        documents += content.topics.map { topic in
            SearchDocument(title: Sanitizer.decodeEntities(topic.title), text: Sanitizer.decodeEntities(topic.description),
                           url: SiteLayout.topic(topic.id).text, kind: .topic, weight: topic.focusCount)
        }
        documents += content.users.map { user in
            SearchDocument(title: Sanitizer.decodeEntities(user.displayName),
                           text: user.signature.map(Sanitizer.decodeEntities) ?? "",
                           url: SiteLayout.user(user.id).text, kind: .user, weight: user.counts.agree)
        }
        return documents
    }
}
