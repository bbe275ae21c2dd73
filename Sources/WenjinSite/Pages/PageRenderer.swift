import Foundation
import WenjinBuildSupport
import WenjinModel
import WenjinSanitizer
import WenjinTemplates

/// Turns a `PageJob` into the bytes of its file: builds the page's view model from the archive
/// snapshot and the sanitized bodies, wraps it in the frame every page shares, and renders it
/// with the theme. A value of Sendable parts: render pages from any number of threads.
struct PageRenderer: Sendable {
    let archive: ArchiveLookup
    let bodies: SanitizedBodies
    let theme: Theme
    let siteTitle: String
    /// The published base URL (ends with `/`), for canonical links; nil for an offline mirror.
    let baseURL: String?
    /// A theme-wide footer line from site.json's `extra.footer`.
    let footer: String?
    /// The drafts index, linked from the navigation bar in a drafts build only.
    var draftsIndex: SitePath? = nil

    var ui: UIStrings { theme.strings }
    var content: ArchiveContent { archive.content }

    func render(_ job: PageJob) throws(SiteError) -> (path: SitePath, bytes: [UInt8]) {
        let page = prepare(job)
        return (page.path, try render(page))
    }

    func frame(for job: PageJob) -> PageFrame {
        switch job {
        case .home(let page): homePage(page)
        case .unanswered(let page): unansweredPage(page)
        case .articleList(let page): articleListPage(page)
        case .topicsIndex(let page): topicsIndexPage(page)
        case .usersIndex(let page): usersIndexPage(page)
        case .question(let id): questionPage(id)
        case .article(let id): articlePage(id)
        case .user(let id, let page): userPage(id, page: page)
        case .topic(let id, let page): topicPage(id, page: page)
        case .withdrawn(let page): withdrawnPage(page)
        case .search: searchPage()
        case .notFound: notFoundPage()
        case .about: aboutPage()
        }
    }

    func context(_ frame: PageFrame) -> TemplateValue {
        let from = frame.path
        let canonical = baseURL.map { $0 + (frame.path == SiteLayout.home ? "" : frame.path.text) }
        return [
            "lang": .string(ui.language.rawValue),
            "siteTitle": .string(siteTitle),
            "pageTitle": .string(frame.title),
            "documentTitle": .string(frame.title.isEmpty ? siteTitle : "\(frame.title) - \(siteTitle)"),
            "description": .string(frame.description),
            "canonical": canonical.map(TemplateValue.string) ?? .null,
            "original": frame.original.map(TemplateValue.string) ?? .null,
            "openGraphType": .string(frame.openGraphType),
            "structuredData": frame.structuredData.map(TemplateValue.html) ?? .null,
            "noIndex": .bool(frame.noIndex),
            "root": .string(from.rootPrefix),
            "icon": .string(from.link(to: Theme.icon)),
            "anonymousAvatar": .string(from.link(to: Theme.anonymousAvatar)),
            "css": ["bootstrap": .string(from.link(to: Theme.bootstrapCSS)), "site": .string(from.link(to: Theme.siteCSS))],
            "js": [
                "jquery": .string(from.link(to: Theme.jQuery)), "bootstrap": .string(from.link(to: Theme.bootstrapJS)),
                "colorScheme": .string(from.link(to: Theme.colorSchemeJS)), "reader": .string(from.link(to: Theme.readerJS)),
            ],
            // The menu entry of the page's section is marked (`aria-current`).
            "current": frame.section.map { section -> TemplateValue in [section.rawValue: true] } ?? .null,
            "nav": [
                "home": .string(from.link(to: SiteLayout.home)),
                "unanswered": .string(from.link(to: SiteLayout.unanswered(page: 1))),
                "articles": .string(from.link(to: SiteLayout.articles(page: 1))),
                "topics": .string(from.link(to: SiteLayout.topicsIndex(page: 1))),
                "users": .string(from.link(to: SiteLayout.usersIndex(page: 1))),
                "search": .string(from.link(to: SiteLayout.search)),
                "about": .string(from.link(to: SiteLayout.about)),
                "drafts": draftsIndex.map { .string(from.link(to: $0)) } ?? .null,
            ],
            "ui": ui.templateValue,
            "feed": .string(from.link(to: SitePath(SiteIndexes.siteFeed.text))),
            "footer": footer.map(TemplateValue.string) ?? .null,
            "page": frame.content,
        ]
    }

    // MARK: Pieces shared by several pages

    /// A person as pages show them: a linked name, or 匿名用户 unlinked for anonymous authors
    /// and for users the archive hides (`Withdrawals.hiddenUsers`).
    func person(_ id: UserID?, anonymous: Bool = false, from: SitePath) -> TemplateValue {
        // Every key is present (null when absent), so a template section on a person never
        // picks up an enclosing item's `href` from the context stack.
        guard let id, !anonymous, !content.withdrawals.hiddenUsers.contains(id) else { return ["name": .string(ui["anonymous"]), "href": nil, "avatar": nil, "anonymous": true] }
        guard let user = archive.usersByID[id] else {
            return ["name": .string("\(ui["user"]) \(id.rawValue)"), "href": nil, "avatar": nil, "anonymous": false]
        }
        return ["name": .string(Sanitizer.decodeEntities(user.displayName)),
                "href": .string(from.link(to: SiteLayout.user(id))),
                "avatar": avatar(of: user, from: from), "anonymous": false]
    }

    /// The local copy of a user's avatar, or null (the theme then shows a placeholder).
    func avatar(of user: User, from: SitePath) -> TemplateValue {
        archive.avatars[user.id].map { .string(from.link(to: $0)) } ?? .null
    }

    /// A list the template wraps (`{{#comments}}<ul>{{#items}}…{{/items}}</ul>{{/comments}}`):
    /// null when empty, so the wrapper and its heading disappear with it.
    func block(_ items: [TemplateValue]) -> TemplateValue { items.isEmpty ? .null : ["items": .list(items)] }

    func topicLinks(_ ids: [TopicID], from: SitePath) -> TemplateValue {
        .list(ids.compactMap { archive.topicsByID[$0] }.map {
            ["title": .string(Sanitizer.decodeEntities($0.title)), "href": .string(from.link(to: SiteLayout.topic($0.id)))]
        })
    }

    /// A question in a list: title, link, asker, counts (and whether a best answer is shown),
    /// topics, when it was asked and when it was last active.
    func questionSummary(_ question: Question, from: SitePath) -> TemplateValue {
        let answers = content.answers[question.id]?.count ?? 0
        return [
            "title": .string(Sanitizer.decodeEntities(question.title)),
            "href": .string(from.link(to: SiteLayout.question(question.id))),
            "asker": person(question.askerID, anonymous: question.isAnonymous, from: from),
            "answerCount": .int(answers),
            "answered": .bool(answers > 0),
            "hasBest": .bool(shownBestAnswer(of: question) != nil),
            "viewCount": .int(question.viewCount),
            "asked": time(question.addTime),
            "active": time(question.updateTime),
            "topics": topicLinks(question.topicIDs, from: from),
        ]
    }

    /// The question's best answer when the archive shows it (stored and not withdrawn).
    func shownBestAnswer(of question: Question) -> AnswerID? {
        guard let best = question.bestAnswerID, content.withdrawals.answers[best] == nil,
            content.answers[question.id]?.contains(where: { $0.id == best }) == true
        else { return nil }
        return best
    }

    func articleSummary(_ article: Article, from: SitePath) -> TemplateValue {
        [
            "title": .string(Sanitizer.decodeEntities(article.title)),
            "href": .string(from.link(to: SiteLayout.article(article.id))),
            "author": person(article.authorID, from: from),
            "commentCount": .int(content.articleComments[article.id]?.count ?? 0),
            "votes": .int(article.votes),
            "time": time(article.addTime),
            "topics": topicLinks(article.topicIDs, from: from),
        ]
    }

    func time(_ date: Date?) -> TemplateValue {
        guard let date else { return .null }
        let display = DisplayTime(date)
        return ["text": .string(display.text), "iso": .string(display.iso8601)]
    }

    /// Plain text of a body, cut to `limit` characters, for descriptions.
    func summary(of body: BodyKey, limit: Int = 160) -> String {
        let text = bodies.text(body)
        // `prefix` stops at the limit; `text.count` would walk every character of a long body
        // (each answer of a question page is summarized for its structured data).
        let cut = text.prefix(limit)
        return cut.endIndex == text.endIndex ? text : String(cut) + "…"
    }

    /// The item's page on the community (`BASE/?/question/3521`).
    func original(_ route: String) -> String { content.sourceBase + "/?/" + route }
}
