import WenjinBuildSupport
import WenjinModel
import WenjinSanitizer

/// The site's answer to the sanitizer's question "where does this community page or image
/// live in the archive?": pages that exist become relative links, stored images become local
/// files, and everything else keeps pointing at the original.
///
/// Paths are relative to a page one folder deep (see `SiteLayout`).
struct ArchiveLinks: ArchiveResolver {
    let archive: ArchiveLookup
    /// Where stored images' sizes are read; nil where only paths are asked for.
    let imageSizes: StoredImageSizes?
    private static let bodyPage = SitePath("questions/0.html")

    init(archive: ArchiveLookup, imageSizes: StoredImageSizes? = nil) {
        self.archive = archive
        self.imageSizes = imageSizes
    }

    /// The empty path for a page the archive withholds without a notice (a hidden user, a
    /// post deleted upstream under "remove"): the sanitizer then keeps the link's text only.
    func localPath(for link: CommunityLink) -> String? {
        if isWithheld(link) { return "" }
        return target(of: link).map { Self.bodyPage.link(to: $0.path, fragment: $0.fragment) }
    }

    private func isWithheld(_ link: CommunityLink) -> Bool {
        let withdrawals = archive.content.withdrawals
        switch link {
        case .question(let id, _): return withdrawals.gone.questions.contains(QuestionID(id))
        case .article(let id): return withdrawals.gone.articles.contains(ArticleID(id))
        case .user(let token):
            if let id = Int(token).map(UserID.init), withdrawals.users[id] != nil { return false }
            return Int(token).map { withdrawals.hiddenUsers.contains(UserID($0)) } == true
                || withdrawals.hiddenUserNames.contains(token)
        case .topic, .image: return false
        }
    }

    /// Paths this resolver hands out: one folder up, then a folder of entity pages or images.
    func isArchivePath(_ path: String) -> Bool {
        guard path.hasPrefix("../") else { return false }
        let rest = path.dropFirst(3)
        return Self.folders.contains { rest.hasPrefix($0) } || rest == SiteLayout.removedImage.text
    }

    func imageSize(atPath path: String) -> ImageSize? {
        imageSizes?.size(atPath: path)
    }

    private static let folders = ["questions/", "articles/", "users/", "topics/", SiteLayout.imageFolder]

    /// The archive file (and anchor) a community link points at, when the archive has it.
    func target(of link: CommunityLink) -> (path: SitePath, fragment: String?)? {
        switch link {
        case .question(let id, let answerID):
            let question = QuestionID(id)
            if archive.content.withdrawals.questions[question] != nil { return (SiteLayout.question(question), nil) }
            guard archive.questionsByID[question] != nil else { return nil }
            let answer = answerID.map(AnswerID.init).flatMap { archive.questionOfAnswer[$0] == question ? $0 : nil }
            return (SiteLayout.question(question), answer.map(SiteLayout.answerAnchor))
        case .article(let id):
            let withdrawn = archive.content.withdrawals.articles[ArticleID(id)] != nil
            guard withdrawn || archive.articlesByID[ArticleID(id)] != nil else { return nil }
            return (SiteLayout.article(ArticleID(id)), nil)
        case .user(let token):
            if let id = Int(token), archive.usersByID[UserID(id)] != nil || archive.content.withdrawals.users[UserID(id)] != nil {
                return (SiteLayout.user(UserID(id)), nil)
            }
            return archive.usersByName[token].map { (SiteLayout.user($0), nil) }
        case .topic(let token):
            if let id = Int(token), archive.topicsByID[TopicID(id)] != nil { return (SiteLayout.topic(TopicID(id)), nil) }
            return archive.topicsByTitle[token].map { (SiteLayout.topic($0), nil) }
        case .image(let originalURL):
            if archive.content.withdrawals.removedImages.contains(AssetURL(originalURL)) { return (SiteLayout.removedImage, nil) }
            return imagePath(AssetURL(originalURL)).map { ($0, nil) }
        }
    }

    /// The local copy of an image, when its bytes are stored.
    func imagePath(_ url: AssetURL) -> SitePath? {
        Self.imagePath(url, in: archive.content.assets)
    }

    static func imagePath(_ url: AssetURL, in assets: [AssetURL: Asset]) -> SitePath? {
        guard let asset = assets[url], asset.state == .stored, let sha = asset.sha256 else { return nil }
        return SiteLayout.image(sha256: sha, contentType: asset.contentType, url: url)
    }

    /// The local copy of a user's avatar, when its bytes are stored.
    static func avatarPath(of user: User, in content: ArchiveContent) -> SitePath? {
        guard let file = user.avatarFile, !file.isEmpty else { return nil }
        return imagePath(AssetURL(content.sourceBase + "/uploads/avatar/" + file), in: content.assets)
    }
}
