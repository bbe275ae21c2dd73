import Foundation
import WenjinAPI
import WenjinModel
import WenjinStore

/// The topic square, topic info and each topic's best answers.
extension Crawler {
    static let topicPageSize = 20

    func topicSquare(page: Int) async throws -> StoreWrites {
        let (list, response) = try await client.fetch(Endpoint.topicSquare(.hot, page: page, perPage: Self.topicPageSize))
        // Earlier pages were as full as this one unless it is the last: right even when the
        // server sends fewer rows per page than asked for (a partial last page only adds an
        // empty page after it).
        let before = (page - 1) * list.receivedCount
        let previous = page > 1 ? Endpoint.topicSquare(.hot, page: page - 1, perPage: Self.topicPageSize) : nil
        let repeated = try repeatsStoredPage(list, previous: previous)
        return { writer in
            try self.keep(response, unreadable: list.unreadableRows, listEnd: repeated ? .repeated(page: page) : nil, in: writer)
            guard !repeated else { return }
            for topic in list.rows {
                try writer.add(.topic(topic.id.rawValue))
                try writer.add(.topicBestAnswers(topic: topic.id.rawValue, page: 1))
            }
            // The square is read again by every crawl (new topics); its later pages too.
            if !list.isLastPage(receivedBefore: before) { try writer.redo(.topicSquare(page: page + 1)) }
        }
    }

    func topic(_ id: Int) async throws -> StoreWrites {
        let (info, response) = try await client.fetch(Endpoint.topic(RemoteTopicID(id)))
        return { writer in
            try self.keep(response, in: writer)
            let stored = try writer.reader.topic(TopicID(id))
            try writer.upsert(Topic(id: TopicID(id), title: info.title, description: info.rawDescription, pic: info.picture,
                                    focusCount: info.focusCount, discussCount: stored?.discussCount))
            if let picture = info.picture, !picture.isEmpty {
                let url = picture.hasPrefix("http") ? URL(string: picture) : self.options.source.topicPictureURL(picture)
                if let url { try writer.add(.asset(url.absoluteString)) }
            }
        }
    }

    /// A page of a topic's best answers: marks each question's best answer. A page that repeats
    /// the previous one (a server that ignores `page`) or comes back empty ends the list.
    func topicBestAnswers(_ topic: Int, page: Int) async throws -> StoreWrites {
        let (list, response) = try await client.fetch(Endpoint.topicBestAnswers(RemoteTopicID(topic), page: page))
        let previous = page > 1 ? Endpoint.topicBestAnswers(RemoteTopicID(topic), page: page - 1) : nil
        let repeated = try repeatsStoredPage(list, previous: previous)
        return { writer in
            // Upstream ignores `page` as a rule: its repeat is expected, not worth a report.
            guard !repeated else { return }
            try self.keep(response, unreadable: list.unreadableRows, in: writer)
            for row in list.rows {
                guard let best = row.answer else { continue }
                try Self.mark(best: best.id.rawValue, of: row.questionID.rawValue, writer)
            }
            if !list.isEnd { try writer.add(.topicBestAnswers(topic: topic, page: page + 1)) }
        }
    }

    /// Sets a question's best answer: on the stored question, or pending until it is fetched.
    private static func mark(best: Int, of question: Int, _ writer: StoreWriter) throws {
        if var stored = try writer.reader.question(QuestionID(question)) {
            stored.bestAnswerID = AnswerID(best)
            try writer.upsert(stored)
        } else {
            try PendingListing.merge(PendingListing(bestAnswerID: best), for: .question(question), in: writer)
        }
    }
}
