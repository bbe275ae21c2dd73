import Foundation
import WenjinAPI
import WenjinModel
import WenjinSanitizer
import WenjinStore

/// Anonymity on an upstream WeCenter source: its API sends an anonymous post's real author and
/// no flag, its web page of the question (`?/question/N`) shows who is anonymous. One page per
/// question (100 answers a page, as WeCenter's template lists them), kept raw in the store.
extension Crawler {
    static let webAnswersPerPage = 100

    /// Reads a question's web pages and records who each shows as asker and answer authors.
    /// A page that cannot be read fails the task: its posts stay anonymous until a later crawl
    /// reads it (the store treats an unread upstream post as anonymous). A question the server
    /// no longer has (404, 410) is done with nothing learned: its posts stay as they are, and a
    /// deletion does not fail every later crawl.
    func questionPage(_ id: Int) async throws -> StoreWrites {
        let expected = try store.read { try $0.question(QuestionID(id))?.answerCount } ?? 0
        var pages: [(response: APIResponse, page: QuestionWebPage)] = []
        var answersSeen = 0
        repeat {
            let number = pages.count + 1
            let route = number == 1 ? "?/question/\(id)" : "?/question/id-\(id)__page-\(number)"
            guard let fetched = try await webPage(route, question: id) else { break }
            pages.append(fetched)
            answersSeen += fetched.page.answers.count + fetched.page.unreadableAnswers.count
            // A page without answers ends the walk: the count may have shrunk since the API's.
            if fetched.page.answers.isEmpty, fetched.page.unreadableAnswers.isEmpty { break }
        } while answersSeen < expected && pages.count < expected / Self.webAnswersPerPage + 1
        let seenAt = Date()
        return { writer in
            for fetched in pages { try self.keep(fetched.response, in: writer) }
            guard let first = pages.first?.page else { return }
            try writer.record(ShownAuthor(post: .question(QuestionID(id)), userID: first.asker.userID), at: seenAt)
            for fetched in pages {
                for (answer, author) in fetched.page.answers {
                    try writer.record(ShownAuthor(post: .answer(AnswerID(answer)), userID: author.userID), at: seenAt)
                }
            }
        }
    }

    /// GETs one web page of question `id` and reads it; an unreadable page is a failed request
    /// (kept in the store with its error), a cut-short one is retried like a dropped connection;
    /// nil when the server says the page does not exist.
    private func webPage(_ route: String, question id: Int) async throws(PoliteClient.Failure)
        -> (response: APIResponse, page: QuestionWebPage)? {
        let address = options.source.text + route
        guard let url = URL(string: address) else {
            throw .failed(APIError(.transport(code: 0, message: "not a URL"), url: address), response: nil)
        }
        var page: QuestionWebPage?
        let response = try await client.get(url, maxBytes: options.maxResponseBytes) { response throws(APIError) in
            if response.status == 404 || response.status == 410 { return }
            guard (200...299).contains(response.status) else {
                throw APIError(.httpStatus(response.status), url: response.url, status: response.status, body: response.body)
            }
            if let length = response.header("Content-Length").flatMap(Int.init), length != response.body.count {
                throw APIError(.truncatedBody(received: response.body.count, announced: length), url: address,
                               status: response.status)
            }
            do throws(SanitizerError) {
                page = try QuestionWebPage(html: Array(response.body))
            } catch {
                throw APIError(.unreadableField(path: "question page", problem: error.description), url: address,
                               status: response.status, body: response.body)
            }
        }
        if response.status == 404 || response.status == 410 { return nil }
        guard let page, page.questionID == id else {
            throw .failed(APIError(.unreadableField(path: "question page", problem: "the page is not question \(id)'s"),
                                   url: address, status: response.status, body: response.body), response: response)
        }
        return (response, page)
    }
}

extension QuestionWebPage.Author {
    /// The user the page names; nil for an anonymous author.
    var userID: UserID? {
        switch self {
        case .anonymous: nil
        case .user(let id): UserID(id)
        }
    }
}
