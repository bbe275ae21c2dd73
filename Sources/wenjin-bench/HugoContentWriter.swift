// The `content/` folder of the Hugo export: one HTML content file per question and article
// (front matter, then the sanitized body), a term page per user and topic, and the fixed pages.
import Foundation
import WenjinModel
import WenjinSanitizer
import WenjinSite
import WenjinStore

struct HugoContentWriter {
    let archive: HugoArchive
    let folder: URL
    private let encoder = HugoFrontMatter.encoder()
    /// The sidebar's questions, as wenjin picks them.
    private let related: RelatedQuestions
    private let questionsByID: [QuestionID: Question]
    /// Questions and articles read from the sanitizer cache in one store transaction each.
    private static let postsPerRead = 1000

    init(archive: HugoArchive, folder: URL) {
        self.archive = archive
        self.folder = folder
        // A topic named twice by a question lists it once.
        related = RelatedQuestions(ListsByOwner(archive.questions) { Set($0.topicIDs).map(\.rawValue) })
        questionsByID = Dictionary(archive.questions.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    }

    func writeAll(siteTitle: String) throws {
        for section in ["questions", "articles", "users", "topics", "lists/unanswered"] {
            try FileManager.default.createDirectory(at: folder.appendingPathComponent(section), withIntermediateDirectories: true)
        }
        typealias Fixed = HugoFrontMatter.FixedPage
        try write(Fixed(title: siteTitle), to: "_index.html")
        try write(Fixed(title: "问题", build: ["render": "never"]), to: "questions/_index.html")
        try write(Fixed(title: "列表", build: ["render": "never"]), to: "lists/_index.html")
        try write(Fixed(title: "待回答"), to: "lists/unanswered/_index.html")
        try write(Fixed(title: "文章"), to: "articles/_index.html")
        try write(Fixed(title: "用户"), to: "users/_index.html")
        try write(Fixed(title: "话题"), to: "topics/_index.html")
        try write(Fixed(title: "搜索", layout: "search"), to: "search.html")
        try write(Fixed(title: "关于", layout: "about"), to: "about.html")
        for user in archive.users {
            try FileManager.default.createDirectory(at: folder.appendingPathComponent("users/\(user.id.rawValue)"), withIntermediateDirectories: true)
            try write(HugoFrontMatter.UserPage(title: Sanitizer.decodeEntities(user.displayName), avatar: archive.avatar(of: user),
                                               signature: Sanitizer.decodeEntities(user.signature ?? ""), counts: user.counts),
                      to: "users/\(user.id.rawValue)/_index.html")
        }
        for topic in archive.topics {
            try FileManager.default.createDirectory(at: folder.appendingPathComponent("topics/\(topic.id.rawValue)"), withIntermediateDirectories: true)
            try write(HugoFrontMatter.TopicPage(title: Sanitizer.decodeEntities(topic.title),
                                                description: Sanitizer.decodeEntities(topic.description), focus: topic.focusCount),
                      to: "topics/\(topic.id.rawValue)/_index.html")
        }
        for start in stride(from: 0, to: archive.questions.count, by: Self.postsPerRead) {
            try archive.store.read { reader in
                for question in archive.questions[start..<min(archive.questions.count, start + Self.postsPerRead)] {
                    try writeQuestion(question, reader: reader)
                }
            }
        }
        for start in stride(from: 0, to: archive.articles.count, by: Self.postsPerRead) {
            try archive.store.read { reader in
                for article in archive.articles[start..<min(archive.articles.count, start + Self.postsPerRead)] {
                    try writeArticle(article, reader: reader)
                }
            }
        }
    }

    private func writeQuestion(_ question: Question, reader: StoreReader) throws {
        let answers = archive.answers[question.id] ?? []
        let asker = archive.person(question.askerID, anonymous: question.isAnonymous)
        let items = try answers.map { answer in
            HugoFrontMatter.AnswerItem(
                id: answer.id.rawValue, author: archive.person(answer.authorID, anonymous: answer.isAnonymous),
                votes: answer.agreeCount, date: answer.addTime, best: answer.id == question.bestAnswerID,
                html: try archive.sanitized(answer.contentHTML, of: "answer \(answer.id.rawValue)", reader: reader),
                comments: (archive.answerComments[answer.id] ?? []).map { comment in
                    HugoFrontMatter.Comment(id: comment.id.rawValue, author: archive.person(comment.authorID),
                                            text: Sanitizer.decodeEntities(comment.text), date: comment.addTime,
                                            replyTo: comment.atUserID.map { archive.person($0).name })
                })
        }
        let page = HugoFrontMatter.QuestionPage(
            title: Sanitizer.decodeEntities(question.title), date: question.updateTime, asked: question.addTime, asker: asker,
            views: question.viewCount, focus: question.focusCount, answerCount: answers.count,
            topics: question.topicIDs.map { String($0.rawValue) }, users: archive.userTerms(of: question),
            lists: answers.isEmpty ? ["unanswered"] : [], answers: items,
            related: related.of(question).compactMap { id in
                questionsByID[id].map { other in
                    HugoFrontMatter.RelatedItem(title: Sanitizer.decodeEntities(other.title), url: "questions/\(id.rawValue).html",
                                                answers: archive.answers[id]?.count ?? 0)
                }
            })
        try write(page, html: try archive.sanitized(question.detailHTML, of: "question \(question.id.rawValue)", reader: reader),
                  to: "questions/\(question.id.rawValue).html")
    }

    private func writeArticle(_ article: Article, reader: StoreReader) throws {
        let author = archive.person(article.authorID)
        let page = HugoFrontMatter.ArticlePage(
            title: Sanitizer.decodeEntities(article.title), date: article.addTime, author: author, views: article.views,
            votes: article.votes, users: author.id.map { [String($0)] } ?? [],
            comments: (archive.articleComments[article.id] ?? []).map { comment in
                HugoFrontMatter.Comment(id: comment.id.rawValue, author: archive.person(comment.authorID),
                                        text: Sanitizer.decodeEntities(comment.message), date: comment.addTime,
                                        replyTo: comment.atUserID.map { archive.person($0).name })
            })
        try write(page, html: try archive.sanitized(article.messageHTML, of: "article \(article.id.rawValue)", reader: reader),
                  to: "articles/\(article.id.rawValue).html")
    }

    private func write(_ frontMatter: some Encodable, html: String = "", to path: String) throws {
        var data = try encoder.encode(frontMatter)
        data.append(contentsOf: Array("\n".utf8))
        data.append(contentsOf: Array(html.utf8))
        try data.write(to: folder.appendingPathComponent(path))
    }
}
