import WenjinBuildSupport
import WenjinModel
import WenjinSanitizer

/// What a reader searches a question or article page for: its title, its own text (the question
/// and its answers, or the article) and its topics, without the navigation, sidebars and related
/// questions around them. Taken from the plain text the build keeps of every body (`BodyLedger`,
/// the text the site's own search documents hold), for an output with a search index of its own
/// (`wenjin export zim`), which would otherwise have to take the rendered page apart again.
package struct PageText: Sendable, Equatable {
    /// The page's path in the site, as `SitePath` writes it.
    package let path: String
    /// The title, entities decoded.
    package let title: String
    /// The bodies' plain text, one paragraph per body.
    package let text: String
    /// The topics' titles.
    package let keywords: [String]

    package init(path: String, title: String, text: String, keywords: [String]) {
        self.path = path
        self.title = title
        self.text = text
        self.keywords = keywords
    }

    /// The texts of every published question and article page. What the archive withholds is
    /// already out of `archive` (`ArchiveContent.withdrawing`), and a withdrawn answer's body has
    /// no text, so nothing here was not on a published page.
    static func published(archive: ArchiveLookup, bodies: SanitizedBodies) -> [PageText] {
        let content = archive.content
        @Sendable func topics(_ ids: [TopicID]) -> [String] {
            ids.compactMap { archive.topicsByID[$0].map { Sanitizer.decodeEntities($0.title) } }
        }
        var texts = ParallelWork.map(content.questions) { question in
            let answers = content.answers[question.id] ?? []
            let text = ([bodies.text(.question(question.id))] + answers.map { bodies.text(.answer($0.id)) })
                .filter { !$0.isEmpty }.joined(separator: "\n")
            return PageText(path: SiteLayout.question(question.id).text, title: Sanitizer.decodeEntities(question.title),
                            text: text, keywords: topics(question.topicIDs))
        }
        texts += ParallelWork.map(content.articles) { article in
            PageText(path: SiteLayout.article(article.id).text, title: Sanitizer.decodeEntities(article.title),
                     text: bodies.text(.article(article.id)), keywords: topics(article.topicIDs))
        }
        return texts
    }
}
