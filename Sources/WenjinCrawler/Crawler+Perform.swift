import Foundation
import WenjinAPI
import WenjinModel
import WenjinStore

/// What a finished task writes, run inside the transaction that also marks it done.
typealias StoreWrites = (StoreWriter) throws -> Void

extension Crawler {
    /// Fetches what `job` needs and returns the writes that store it and queue what it found.
    func perform(_ job: CrawlJob) async throws -> StoreWrites {
        switch job {
        case .explore(let page): try await explore(page: page)
        case .question(let id): try await question(id)
        case .answer(let id): try await answer(id)
        case .questionPage(let id): try await questionPage(id)
        case .answerComments(let id): try await answerComments(id)
        case .article(let id): try await article(id)
        case .articleComments(let id, let page, let before): try await articleComments(id, page: page, before: before)
        case .user(let id): try await user(id)
        case .follows(let list, let user, let page, let before): try await follows(list, of: user, page: page, before: before)
        case .posts(let list, let user, let page, let before): try await posts(list, of: user, page: page, before: before)
        case .topicSquare(let page): try await topicSquare(page: page)
        case .topic(let id): try await topic(id)
        case .topicBestAnswers(let topic, let page): try await topicBestAnswers(topic, page: page)
        case .asset(let url): try await asset(url)
        }
    }

    /// Queues the profile of every real user named (not the anonymous −1, not "none" 0).
    static func discover(_ users: [RemoteUserID?], in writer: StoreWriter) throws {
        for user in users { if let id = user, id.rawValue > 0 { try writer.add(.user(id.rawValue)) } }
    }

    /// Queues every image a body shows (originals of thumbnails, found by the sanitizer's parser).
    func discoverImages(in html: String, writer: StoreWriter) throws {
        guard !html.isEmpty else { return }
        for url in bodies.imageURLs(in: html) { try writer.add(.asset(url)) }
    }
}

/// Conversions from the API's values to the model's.
extension RemoteID {
    /// The model's ID: nil for the anonymous marker −1 and for "none" (0).
    var known: Int? { rawValue > 0 ? rawValue : nil }
}

extension Date {
    init(unixSeconds: Int) { self.init(timeIntervalSince1970: TimeInterval(unixSeconds)) }
}
