import WenjinModel
import WenjinSanitizer
import WenjinTemplates

extension PageRenderer {
    /// An article with its body, topics, author, and comments (with their @-replies).
    func articlePage(_ id: ArticleID) -> PageFrame {
        let path = SiteLayout.article(id)
        guard let article = archive.articlesByID[id] else { return notFoundPage() }
        let title = Sanitizer.decodeEntities(article.title)
        let withdrawals = content.withdrawals
        let comments: [TemplateValue] = (content.articleComments[id] ?? []).map { comment in
            if let withdrawal = withdrawals.articleComments[comment.id] {
                return ["anchor": .string(SiteLayout.articleCommentAnchor(comment.id)), "withdrawn": notice(withdrawal)]
            }
            return [
                "anchor": .string(SiteLayout.articleCommentAnchor(comment.id)),
                "withdrawn": nil,
                "deleted": deletedMark(withdrawals.marked.articleComments.contains(comment.id)),
                "author": person(comment.authorID, from: path),
                "replyTo": comment.atUserID.map { person($0, from: path) } ?? .null,
                "text": .string(Sanitizer.decodeEntities(comment.message)),
                "time": time(comment.addTime),
                "votes": .int(comment.votes),
            ]
        }
        let page: TemplateValue = [
            "title": .string(title),
            "deleted": deletedMark(withdrawals.marked.articles.contains(id)),
            "body": .html(bodies[.article(id)]),
            "author": person(article.authorID, from: path),
            "time": time(article.addTime),
            "views": .int(article.views),
            "votes": .int(article.votes),
            "topics": topicLinks(article.topicIDs, from: path),
            "commentCount": .int(comments.count),
            "comments": block(comments),
            "original": .string(original("article/\(id.rawValue)")),
        ]
        let description = summary(of: .article(id))
        return PageFrame(path: path, template: "article", title: title, description: description.isEmpty ? title : description,
                         openGraphType: "article", original: original("article/\(id.rawValue)"), content: page)
    }
}
