import WenjinBuildSupport
import WenjinModel
import WenjinTemplates

/// A page the archive keeps only as a notice (「此内容已应要求移除」, 「原帖已删除」), so links to
/// it do not break; search engines are asked not to index it, and no list, feed, sitemap or
/// search index names it.
struct WithdrawnPage: Sendable, Hashable {
    enum Subject: Sendable, Hashable {
        case question(QuestionID)
        case article(ArticleID)
        case user(UserID)
    }

    let subject: Subject
    let withdrawal: Withdrawal

    var path: SitePath {
        switch subject {
        case .question(let id): SiteLayout.question(id)
        case .article(let id): SiteLayout.article(id)
        case .user(let id): SiteLayout.user(id)
        }
    }

    /// Every notice page of the archive, in a fixed order.
    static func all(in withdrawals: Withdrawals) -> [WithdrawnPage] {
        withdrawals.questions.sorted { $0.key < $1.key }.map { WithdrawnPage(subject: .question($0.key), withdrawal: $0.value) }
            + withdrawals.articles.sorted { $0.key < $1.key }.map { WithdrawnPage(subject: .article($0.key), withdrawal: $0.value) }
            + withdrawals.users.sorted { $0.key < $1.key }.map { WithdrawnPage(subject: .user($0.key), withdrawal: $0.value) }
    }
}

extension PageRenderer {
    /// The notice alone: no title, author, text or link to the original of what it replaces.
    func withdrawnPage(_ page: WithdrawnPage) -> PageFrame {
        let notice = ui[page.withdrawal.noticeKey]
        return PageFrame(path: page.path, template: "withdrawn", title: notice, description: notice, noIndex: true,
                         content: ["notice": .string(notice)])
    }

    /// The notice shown in a thread in place of a withdrawn answer or comment, or null.
    func notice(_ withdrawal: Withdrawal?) -> TemplateValue {
        withdrawal.map { .string(ui[$0.noticeKey]) } ?? .null
    }

    /// The mark on content kept although the source deleted it (`privacy.deleted` "keep"), or null.
    func deletedMark(_ isDeleted: Bool) -> TemplateValue {
        isDeleted ? .string(ui["deletedUpstream"]) : .null
    }
}
