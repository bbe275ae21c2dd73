import Foundation
import WenjinAPI
import WenjinModel
import WenjinStore

/// Explore, questions, answers and answer comments.
extension Crawler {
    static let explorePageSize = 20

    /// A page of explore `new`: queues every new or changed post. Explore is ordered by update
    /// time, so a page where nothing changed ends the walk (the incremental crawl's stop).
    func explore(page: Int) async throws -> StoreWrites {
        let (list, response) = try await client.fetch(Endpoint.explore(page: page, perPage: Self.explorePageSize, sort: .new))
        let previous = page > 1 ? Endpoint.explore(page: page - 1, perPage: Self.explorePageSize, sort: .new) : nil
        let repeated = try repeatsStoredPage(list, previous: previous)
        return { writer in
            try self.keep(response, unreadable: list.unreadableRows, listEnd: repeated ? .repeated(page: page) : nil, in: writer)
            guard !repeated else { return }
            var changed = false
            for item in list.items {
                switch item {
                case .question(let row): changed = try Self.listed(row, writer) || changed
                case .article(let row): changed = try Self.listed(row, writer) || changed
                }
            }
            if !list.isEnd, changed || !list.unreadableRows.isEmpty { try writer.redo(.explore(page: page + 1)) }
        }
    }

    /// Notes what explore says of a question; returns whether it is new or changed.
    private static func listed(_ row: ExploreQuestion, _ writer: StoreWriter) throws -> Bool {
        let id = row.id.rawValue
        if var stored = try writer.reader.question(QuestionID(id)), try !UnlistedQuestion.take(id, in: writer) {
            let changed = Int(stored.updateTime.timeIntervalSince1970) != row.updateTime || stored.answerCount != row.answerCount
            stored.updateTime = Date(unixSeconds: row.updateTime)
            stored.viewCount = row.viewCount
            try writer.upsert(stored)
            if changed { try writer.redo(.question(id)) }
            return changed
        }
        let listing = PendingListing(addTime: row.addTime, updateTime: row.updateTime, askerID: row.askerID?.rawValue,
                                     isAnonymous: row.isAnonymous, viewCount: row.viewCount)
        try PendingListing.merge(listing, for: .question(id), in: writer)
        try writer.redo(.question(id))
        return true
    }

    /// A question with every page of its answers. Answers the question endpoint sends in full
    /// are stored here; the others are queued for the answer-detail endpoint.
    func question(_ id: Int) async throws -> StoreWrites {
        let (first, firstResponse) = try await client.fetch(Endpoint.question(RemoteQuestionID(id)))
        var pages: [(response: APIResponse, unreadable: [APIError], end: ListEnd?)] = [(firstResponse, first.unreadableAnswers, nil)]
        var answers = first.answers
        var seen = Set(first.answers.map(\.id))
        var last = first
        // Bounded by the answer count the server gave, by progress (a page that brings no answer
        // an earlier page did not ends the walk) and by `maxAnswerPages`.
        while last.hasMoreAnswerPages, answers.count < first.answerCount {
            let number = pages.count + 1
            let (next, response) = try await client.fetch(Endpoint.question(RemoteQuestionID(id), answerPage: number))
            let fresh = next.answers.filter { seen.insert($0.id).inserted }
            if fresh.isEmpty, !next.answers.isEmpty {
                pages.append((response, [], .repeated(page: number)))
                break
            }
            let capped = number >= Self.maxAnswerPages
            pages.append((response, next.unreadableAnswers, capped ? .tooManyPages(page: number) : nil))
            answers += fresh
            last = next
            if capped { break }
        }
        return { writer in
            for page in pages { try self.keep(page.response, unreadable: page.unreadable, listEnd: page.end, in: writer) }
            let listing = try PendingListing.take(.question(id), in: writer)
            let stored = try writer.reader.question(QuestionID(id))
            // Upstream's question endpoint names no asker: a re-fetch without a listing keeps the stored one.
            let asker = first.askerID ?? listing?.askerID.map { RemoteUserID($0) }
                ?? stored?.askerID.map { RemoteUserID($0.rawValue) }
            let addTime = first.addTime ?? listing?.addTime ?? stored.map { Int($0.addTime.timeIntervalSince1970) } ?? 0
            let question = Question(
                id: QuestionID(id), title: first.title, detailHTML: first.detailHTML,
                askerID: asker?.known.map { UserID($0) },
                isAnonymous: self.claimsAnonymous(first.isAnonymous ?? listing?.isAnonymous, author: asker ?? RemoteUserID(0)),
                addTime: Date(unixSeconds: addTime),
                updateTime: listing?.updateTime.map { Date(unixSeconds: $0) } ?? stored?.updateTime ?? Date(unixSeconds: addTime),
                answerCount: first.answerCount, viewCount: listing?.viewCount ?? stored?.viewCount ?? 0,
                focusCount: first.focusCount, topicIDs: first.topics.map { TopicID($0.id.rawValue) },
                bestAnswerID: listing?.bestAnswerID.map { AnswerID($0) } ?? stored?.bestAnswerID)
            try writer.upsert(question)
            // Explore's listing is what carries the update time; a best-answer note alone is not one.
            if listing?.updateTime == nil, stored == nil { try UnlistedQuestion.mark(id, in: writer) }
            try Self.discover([asker], in: writer)
            try self.discoverImages(in: first.detailHTML, writer: writer)
            for answer in answers { try self.listed(answer, question: id, writer) }
            // Logged out, WENJIN lists one answer of many: only a whole list tells of deletions.
            let complete = answers.count >= first.answerCount && pages.allSatisfy(\.unreadable.isEmpty)
            try self.reconcile(.answer, listed: answers.map(\.id.rawValue),
                               stored: try writer.reader.answers(of: QuestionID(id)).map(\.id.rawValue), complete: complete, in: writer)
            // Upstream's API does not say who is anonymous; the question's web page does, and
            // new answers may have come with this fetch.
            if self.options.flavor == .wecenter { try writer.redo(.questionPage(id)) }
        }
    }

    /// Whether a post is to be stored as anonymous from what the API said: its flag when it sent
    /// one (WENJIN), else the anonymous marker −1; upstream (no flag, real authors) every post
    /// until its web page was read. The store never unmasks a post on an upsert, so a list
    /// without the flag cannot undo it.
    func claimsAnonymous(_ flag: Bool?, author: RemoteUserID) -> Bool {
        flag ?? (options.flavor == .wecenter || author.isAnonymous)
    }

    /// Stores an answer from the question endpoint when it has every field, else queues its detail.
    private func listed(_ answer: QuestionAnswer, question: Int, _ writer: StoreWriter) throws {
        guard let addTime = answer.addTime, let commentCount = answer.commentCount else {
            try writer.redo(.answer(answer.id.rawValue))
            return
        }
        let model = Answer(id: AnswerID(answer.id.rawValue), questionID: QuestionID(question),
                           authorID: answer.authorID.known.map { UserID($0) },
                           isAnonymous: claimsAnonymous(answer.isAnonymous, author: answer.authorID), contentHTML: answer.contentHTML,
                           addTime: Date(unixSeconds: addTime), agreeCount: answer.agreeCount, commentCount: commentCount)
        try store(model, author: answer.authorID, writer)
    }

    /// The answer-detail endpoint: an answer with every field.
    func answer(_ id: Int) async throws -> StoreWrites {
        let (detail, response) = try await client.fetch(Endpoint.answer(RemoteAnswerID(id)))
        return { writer in
            try self.keep(response, in: writer)
            let model = Answer(id: AnswerID(id), questionID: QuestionID(detail.questionID.rawValue),
                               authorID: detail.authorID.known.map { UserID($0) },
                               isAnonymous: self.claimsAnonymous(detail.isAnonymous, author: detail.authorID),
                               contentHTML: detail.contentHTML,
                               addTime: Date(unixSeconds: detail.addTime), agreeCount: detail.agreeCount,
                               commentCount: detail.commentCount)
            try self.store(model, author: detail.authorID, writer)
        }
    }

    /// Upserts an answer and queues its author, its images and (when they changed) its comments.
    private func store(_ answer: Answer, author: RemoteUserID, _ writer: StoreWriter) throws {
        let before = try writer.reader.answer(answer.id)
        try writer.upsert(answer)
        try Self.discover([author], in: writer)
        try discoverImages(in: answer.contentHTML, writer: writer)
        // Down to none counts too: the empty list is what tells the last comments were deleted.
        if before?.commentCount != answer.commentCount, answer.commentCount > 0 || (before?.commentCount ?? 0) > 0 {
            try writer.redo(.answerComments(answer: answer.id.rawValue))
        }
    }

    /// Every comment of an answer (one response holds them all).
    func answerComments(_ answer: Int) async throws -> StoreWrites {
        let (list, response) = try await client.fetch(Endpoint.answerComments(RemoteAnswerID(answer)))
        return { writer in
            try self.keep(response, unreadable: list.unreadableRows, in: writer)
            for comment in list.comments {
                try writer.upsert(WenjinModel.AnswerComment(
                    id: AnswerCommentID(comment.id.rawValue), answerID: AnswerID(answer), authorID: UserID(comment.author.id.rawValue),
                    text: comment.content, addTime: Date(unixSeconds: comment.addTime),
                    atUserID: comment.replyTo?.id.known.map { UserID($0) }))
                try Self.discover([comment.author.id, comment.replyTo?.id], in: writer)
            }
            // A deleted answer's script may still answer (with nothing): that is no news of its comments.
            let answerDeleted = try writer.reader.deletionTime(.answer, id: answer) != nil
            let complete = list.unreadableRows.isEmpty && !answerDeleted
            try self.reconcile(.answerComment, listed: list.comments.map(\.id.rawValue),
                               stored: try writer.reader.comments(of: AnswerID(answer)).map(\.id.rawValue), complete: complete, in: writer)
        }
    }
}
