import Foundation
import WenjinAPI
import WenjinModel
import WenjinStore

/// Articles and their comments.
extension Crawler {
    /// Notes what explore says of an article; returns whether it is new or changed.
    static func listed(_ row: ExploreArticle, _ writer: StoreWriter) throws -> Bool {
        let id = row.id.rawValue
        if var stored = try writer.reader.article(ArticleID(id)) {
            let changed = stored.commentCount != row.commentCount
            stored.views = row.viewCount
            stored.commentCount = row.commentCount
            try writer.upsert(stored)
            if changed { try writer.redo(.article(id)) }
            return changed
        }
        let listing = PendingListing(addTime: row.addTime, viewCount: row.viewCount, commentCount: row.commentCount)
        try PendingListing.merge(listing, for: .article(id), in: writer)
        try writer.redo(.article(id))
        return true
    }

    func article(_ id: Int) async throws -> StoreWrites {
        let (detail, response) = try await client.fetch(Endpoint.article(RemoteArticleID(id)))
        return { writer in
            try self.keep(response, in: writer)
            let listing = try PendingListing.take(.article(id), in: writer)
            let stored = try writer.reader.article(ArticleID(id))
            let article = Article(
                id: ArticleID(id), authorID: UserID(detail.author.id.rawValue), title: detail.title, messageHTML: detail.messageHTML,
                addTime: listing?.addTime.map { Date(unixSeconds: $0) } ?? stored?.addTime ?? Date(unixSeconds: 0),
                views: listing?.viewCount ?? stored?.views ?? 0, votes: detail.votes,
                commentCount: listing?.commentCount ?? stored?.commentCount ?? 0,
                topicIDs: detail.topics.map { TopicID($0.id.rawValue) })
            try writer.upsert(article)
            try Self.discover([detail.author.id], in: writer)
            try self.discoverImages(in: detail.messageHTML, writer: writer)
            if article.commentCount > 0 || (stored?.commentCount ?? 0) > 0 {
                try writer.redo(.articleComments(article: id, page: 1, before: 0))
            }
        }
    }

    /// A page of an article's comments; queues the next page until `total_rows` have arrived.
    func articleComments(_ article: Int, page: Int, before: Int) async throws -> StoreWrites {
        let (list, response) = try await client.fetch(Endpoint.articleComments(RemoteArticleID(article), page: page))
        let previous = page > 1 ? Endpoint.articleComments(RemoteArticleID(article), page: page - 1) : nil
        let repeated = try repeatsStoredPage(list, previous: previous)
        return { writer in
            try self.keep(response, unreadable: list.unreadableRows, listEnd: repeated ? .repeated(page: page) : nil, in: writer)
            guard !repeated else { return }
            for comment in list.rows {
                try writer.upsert(WenjinModel.ArticleComment(
                    id: ArticleCommentID(comment.id.rawValue), articleID: ArticleID(article),
                    authorID: UserID(comment.author.id.rawValue), message: comment.message,
                    addTime: Date(unixSeconds: comment.addTime), atUserID: comment.replyTo?.id.known.map { UserID($0) },
                    votes: comment.votes))
                try Self.discover([comment.author.id, comment.replyTo?.id], in: writer)
            }
            let last = list.isLastPage(receivedBefore: before)
            if !last { try writer.redo(.articleComments(article: article, page: page + 1, before: before + list.receivedCount)) }
            // Only a list that fits on one page is seen whole in one task (nearly every article's).
            try self.reconcile(.articleComment, listed: list.rows.map(\.id.rawValue),
                               stored: try writer.reader.comments(of: ArticleID(article)).map(\.id.rawValue),
                               complete: page == 1 && last && list.unreadableRows.isEmpty, in: writer)
        }
    }
}
