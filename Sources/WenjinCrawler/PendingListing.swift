import Foundation
import WenjinModel
import WenjinStore

/// What list pages say about a post its own endpoint does not (explore: update time, views,
/// comment counts; topic best answers: the best answer), kept in the store's meta table
/// until the post itself is fetched. Writing it in the transaction that queues the post
/// keeps a killed crawl consistent, and merging from either side gives the same row
/// whichever of list and post is stored first.
struct PendingListing: Codable, Sendable, Equatable {
    var addTime: Int?
    var updateTime: Int?
    var askerID: Int?
    var isAnonymous: Bool?
    var viewCount: Int?
    var commentCount: Int?
    var bestAnswerID: Int?

    enum Owner {
        case question(Int), article(Int)

        var key: MetaKey {
            switch self {
            case .question(let id): MetaKey(rawValue: "pending_listing.question.\(id)")
            case .article(let id): MetaKey(rawValue: "pending_listing.article.\(id)")
            }
        }
    }

    static func read(_ owner: Owner, in reader: StoreReader) throws -> PendingListing? {
        guard let text = try reader.meta(owner.key) else { return nil }
        return try? JSONDecoder().decode(PendingListing.self, from: Data(text.utf8))
    }

    /// Merges `update` into what is pending for `owner` (fields it sets win).
    static func merge(_ update: PendingListing, for owner: Owner, in writer: StoreWriter) throws {
        var listing = try read(owner, in: writer.reader) ?? PendingListing()
        listing.addTime = update.addTime ?? listing.addTime
        listing.updateTime = update.updateTime ?? listing.updateTime
        listing.askerID = update.askerID ?? listing.askerID
        listing.isAnonymous = update.isAnonymous ?? listing.isAnonymous
        listing.viewCount = update.viewCount ?? listing.viewCount
        listing.commentCount = update.commentCount ?? listing.commentCount
        listing.bestAnswerID = update.bestAnswerID ?? listing.bestAnswerID
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        try writer.setMeta(owner.key, String(decoding: try encoder.encode(listing), as: UTF8.self))
    }

    /// Takes the pending listing out of the store (the post is being written now).
    static func take(_ owner: Owner, in writer: StoreWriter) throws -> PendingListing? {
        let listing = try read(owner, in: writer.reader)
        if listing != nil { try writer.setMeta(owner.key, nil) }
        return listing
    }
}

/// A question stored before explore listed it (found in a user's list): its listing fields
/// are guesses, so when explore reaches it, it is fetched again the ordinary way.
enum UnlistedQuestion {
    static func key(_ id: Int) -> MetaKey { MetaKey(rawValue: "unlisted.question.\(id)") }

    static func mark(_ id: Int, in writer: StoreWriter) throws { try writer.setMeta(key(id), "1") }

    /// Whether the question was marked; the mark is removed.
    static func take(_ id: Int, in writer: StoreWriter) throws -> Bool {
        guard try writer.reader.meta(key(id)) != nil else { return false }
        try writer.setMeta(key(id), nil)
        return true
    }
}
