import WenjinSanitizer

/// A community link a body asked the resolver about, and the answer it got, kept beside the
/// cached sanitized body. The cache key is the body's text, but its output also depends on
/// what the archive holds; a cached body is reused only while every recorded answer still holds.
struct RecordedLink: Codable, Hashable, Sendable {
    var kind: String
    var id: Int?
    var answerID: Int?
    var token: String?
    /// What the resolver answered; nil when the link kept pointing at the original.
    var localPath: String?

    init(kind: String, id: Int?, answerID: Int?, token: String?, localPath: String?) {
        (self.kind, self.id, self.answerID, self.token, self.localPath) = (kind, id, answerID, token, localPath)
    }

    init(_ link: CommunityLink, localPath: String?) {
        switch link {
        case .question(let id, let answerID): (kind, self.id, self.answerID) = ("question", id, answerID)
        case .article(let id): (kind, self.id) = ("article", id)
        case .user(let token): (kind, self.token) = ("user", token)
        case .topic(let token): (kind, self.token) = ("topic", token)
        case .image(let url): (kind, self.token) = ("image", url)
        }
        self.localPath = localPath
    }

    /// The link again, or nil for a record this build cannot read (then the body is redone).
    var link: CommunityLink? {
        switch kind {
        case "question": id.map { .question(id: $0, answerID: answerID) }
        case "article": id.map { .article(id: $0) }
        case "user": token.map { .user(token: $0) }
        case "topic": token.map { .topic(token: $0) }
        case "image": token.map { .image(originalURL: $0) }
        default: nil
        }
    }
}

/// What the store's cache keeps about one body beside its HTML (in the `report` column).
struct CachedBodyRecord: Codable, Sendable {
    var report: SanitizeReport
    var links: [RecordedLink]
    /// The text a reader sees, for descriptions, structured data, feeds and search, so a
    /// rebuild does not parse the body again for it.
    var text: String
}

extension CachedBodyRecord {
    /// What a build reads back from a cached record. Nothing reads the report back, and
    /// decoding it too took a quarter of the step's time on a warm 10,000-question archive.
    struct Reused: Decodable, Sendable {
        var links: [RecordedLink]
        var text: String
    }
}
