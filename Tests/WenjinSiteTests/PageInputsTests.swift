import Foundation
import Testing
import WenjinBuildSupport
import WenjinModel
import WenjinSanitizer
import WenjinStore
@testable import WenjinSample
@testable import WenjinSite

/// Page fingerprints come from the inputs each page names (`PageInputs`), not from its
/// rendered view, so a page that forgot an input would be carried over stale. These tests edit
/// every field of every kind of entity, at random, and check that each incremental build
/// writes exactly what a full build of the same store writes.
@Suite("Page inputs")
struct PageInputsTests {
    @Test("After random edits of every kind of field, each incremental build equals a full build", arguments: [11, 29, 2015, 7] as [UInt64])
    func randomEditsKeepIncrementalEqualToFull(seed: UInt64) throws {
        let site = try FixtureSite()
        defer { site.remove() }
        _ = try site.build()
        var random = SeededRandom(seed: seed)
        var roundsTakingLookups = 0
        for round in 0..<16 {
            var edits: [String] = []
            try site.store.write { writer in
                for _ in 0..<random.int(1...2) { edits.append(try StoreEdit.apply(random.pick(StoreEdit.allCases), writer, &random)) }
            }
            // What changes no row the store counts: takedowns added and lifted, members
            // anonymized, posts marked deleted upstream.
            if random.chance(0.3) { edits.append(try Self.editTakedowns(of: site, &random)) }
            let incremental = try site.build()
            #expect(incremental.pagesUnchanged > 0 || edits.isEmpty, "round \(round) rendered every page again")
            if incremental.lookupsKept { roundsTakingLookups += 1 }
            let expected = try fullBuild(of: site, round: round)
            let actual = try site.outputFiles()
            let differing = Set(expected.keys).union(actual.keys).filter { expected[$0] != actual[$0] }.sorted()
            #expect(differing.isEmpty, "seed \(seed), round \(round), after \(edits): \(differing)")
        }
        // Edits of titles, bodies, comments and names leave the lookups' layout as it was; edits of
        // askers, authors, times, topics and new rows change it.
        #expect(roundsTakingLookups > 0 && roundsTakingLookups < 16, "\(roundsTakingLookups) rounds took the kept lookups")
    }

    @Test("The fingerprint of a page changes when an entity it shows changes, and not when another does")
    func fingerprintsFollowWhatPagesShow() throws {
        let site = try FixtureSite()
        defer { site.remove() }
        _ = try site.build()
        let before = try fingerprints(of: site)
        try site.store.write { writer in
            guard var user = try writer.reader.user(2) else { return }
            user.signature = "新的签名"
            try writer.upsert(user)
        }
        let after = try fingerprints(of: site)
        let changed = Set(before.keys.filter { before[$0] != after[$0] })
        // User 2 wrote question 101 and answer 1001 (on question 100) and a comment on article 7.
        #expect(changed.contains(SiteLayout.user(2)))
        #expect(changed.contains(SiteLayout.question(101)))
        #expect(changed.contains(SiteLayout.question(100)))
        #expect(changed.contains(SiteLayout.article(7)))
        #expect(!changed.contains(SiteLayout.question(102)))
        #expect(!changed.contains(SiteLayout.user(1)))
        #expect(!changed.contains(SiteLayout.about))
    }

    /// Every page's fingerprint as the next build would compute it.
    private func fingerprints(of site: FixtureSite) throws -> [SitePath: PageFingerprint] {
        let content = try ArchiveContent.read(from: site.store, fallbackSource: nil)
        let archive = ArchiveLookup(content.withoutRawBodies())
        let hosts = CommunityHosts(source: content.sourceBase, historical: site.config.source.historicalHosts)
        let bodies = try SanitizedBodies.make(SanitizedBodies.Inputs(of: content), archive: archive, hosts: hosts, store: site.store,
                                              imageSizes: StoredImageSizes(folder: site.config.assetFolder),
                                              previous: nil, seen: content.storeChanges, progress: SilentProgress())
        let builder = SiteBuilder(config: site.config, store: site.store)
        let theme = try Theme.load(site.config)
        let renderer = builder.pageRenderer(archive: archive, bodies: bodies, theme: theme, withDrafts: false)
        let entities = EntityDigests(archive: archive)
        let seed = PageFingerprint.seed(theme: theme, renderer: renderer)
        var result: [SitePath: PageFingerprint] = [:]
        for job in PageJob.plan(for: archive) { result[job.path] = renderer.fingerprint(of: job, entities: entities, seed: seed) }
        return result
    }

    /// A new takedowns file of a few of the store's entries (none: every takedown lifted), or an
    /// entry marked or unmarked as deleted upstream.
    private static func editTakedowns(of site: FixtureSite, _ random: inout SeededRandom) throws -> String {
        let (questions, answers, comments, users) = try site.store.read { reader in
            let questions = try reader.questions()
            let answers = try questions.flatMap { try reader.answers(of: $0.id) }
            return (questions.map(\.id.rawValue), answers.map(\.id.rawValue),
                    try answers.flatMap { try reader.comments(of: $0.id) }.map(\.id.rawValue), try reader.users().map(\.id.rawValue))
        }
        if random.chance(0.3) {
            let id = random.pick(answers)
            let marked = random.chance(0.6)
            try site.store.write { writer in
                if marked { _ = try writer.markDeleted(.answer, id: id, at: Date(timeIntervalSince1970: 1_700_000_000)) }
                else { _ = try writer.clearDeleted(.answer, id: id) }
            }
            return marked ? "answer \(id) deleted upstream" : "answer \(id) no longer deleted"
        }
        func some(_ ids: [Int]) -> String { ids.isEmpty || random.chance(0.5) ? "" : String(random.pick(ids)) }
        let json = """
            {"anonymizeUsers": [\(some(users))], "questions": [\(some(questions))], "answers": [\(some(answers))],
             "answerComments": [\(some(comments))]}
            """
        try Data(json.utf8).write(to: site.root.appendingPathComponent("takedowns.json"))
        return "takedowns \(json)"
    }

    /// A build of the same store into a new folder, with no manifest, no body ledger and no
    /// entity digests to lean on (the site's own are put back afterwards, so the next round uses them).
    private func fullBuild(of site: FixtureSite, round: Int) throws -> [String: Data] {
        let kept = [BodyLedger.fileName, EntityDigestState.fileName, EntityDigestJournal.fileName, KeptLookups.fileName].map {
            site.storeFolder.appendingPathComponent($0)
        }
        let saved = kept.map { FileManager.default.contents(atPath: $0.path) }
        for file in kept { try? FileManager.default.removeItem(at: file) }
        defer { for (file, bytes) in zip(kept, saved) { if let bytes { try? bytes.write(to: file) } } }
        let folder = site.root.appendingPathComponent("full-\(round)")
        let summary = try SiteBuilder(config: site.config, store: site.store).build(into: folder)
        #expect(summary.pagesUnchanged == 0 && !summary.lookupsKept)
        return try FixtureSite.files(under: folder)
    }
}

/// One random change to the fixture's store; together they touch every field of every entity.
private enum StoreEdit: CaseIterable {
    case questionTitle, questionDetail, questionAsker, questionTimes, questionCounts, questionTopics, questionBest
    case newQuestion, answerBody, answerAuthor, answerVotes, newAnswer
    case commentText, commentReply, newComment
    case userNames, userAvatar, userSignature, userCounts, newUser
    case topicTitle, topicDescription, topicPicture, topicCounts, newTopic
    case articleFields, articleBody, articleComment, newArticle
    case assetState, crawlTime

    static let words = ["图书馆", "食堂", "北洋园", "Swift", "考研", "宿舍", "&amp;", "<b>粗</b>"]

    static func apply(_ edit: StoreEdit, _ writer: StoreWriter, _ random: inout SeededRandom) throws -> String {
        let reader = writer.reader
        let questions = try reader.questions()
        let users = try reader.users()
        let topics = try reader.topics()
        let answers = try questions.flatMap { try reader.answers(of: $0.id) }
        let articles = try reader.articles()
        var question = random.pick(questions)
        var user = random.pick(users)
        var topic = random.pick(topics)
        var article = random.pick(articles)
        let day = 86_400.0
        func phrase() -> String { (0..<random.int(1...3)).map { _ in random.pick(words) }.joined() }
        func someTime() -> Date { Date(timeIntervalSince1970: 1_430_000_000 + Double(random.int(0...40)) * day / 4) }
        func link() -> String {
            let targets = ["http://wenjin.in/?/question/\(random.pick(questions).id.rawValue)",
                           "http://wenjin.in/?/people/\(random.pick(users).userName)",
                           "http://wenjin.in/?/topic/\(random.pick(topics).id.rawValue)",
                           "http://wenjin.in/?/question/999", FixtureSite.source + "/uploads/answer/lib.png"]
            return "<p>\(phrase()) <a href=\"\(random.pick(targets))\">链接</a></p>"
        }
        switch edit {
        case .questionTitle: question.title = phrase() + "？"
        case .questionDetail: question.detailHTML = random.chance(0.2) ? "" : link()
        case .questionAsker:
            question.isAnonymous = random.chance(0.3)
            question.askerID = question.isAnonymous ? nil : random.pick(users).id
        case .questionTimes: question.updateTime = someTime(); question.addTime = someTime()
        case .questionCounts: question.viewCount = random.int(0...500); question.focusCount = random.int(0...9)
        case .questionTopics: question.topicIDs = Array(topics.map(\.id).shuffled(using: &random).prefix(random.int(0...2)))
        case .questionBest:
            let own = try reader.answers(of: question.id)
            question.bestAnswerID = own.isEmpty || random.chance(0.3) ? nil : random.pick(own).id
        case .newQuestion:
            question = Question(id: QuestionID(200 + random.int(0...99)), title: phrase(), detailHTML: link(),
                                askerID: random.pick(users).id, addTime: someTime(), updateTime: someTime(),
                                topicIDs: [random.pick(topics).id])
        case .answerBody, .answerAuthor, .answerVotes:
            guard var answer = answers.isEmpty ? nil : random.pick(answers) else { return "no answer to edit" }
            switch edit {
            case .answerBody: answer.contentHTML = link()
            case .answerAuthor:
                answer.isAnonymous = random.chance(0.3)
                answer.authorID = answer.isAnonymous ? nil : random.pick(users).id
            default: answer.agreeCount = random.int(0...20); answer.addTime = someTime()
            }
            try writer.upsert(answer)
            return "\(edit) \(answer.id)"
        case .newAnswer:
            let answer = Answer(id: AnswerID(2000 + random.int(0...99)), questionID: question.id, authorID: random.pick(users).id,
                                contentHTML: link(), addTime: someTime(), agreeCount: random.int(0...9))
            try writer.upsert(answer)
            return "\(edit) \(answer.id) on \(question.id)"
        case .commentText, .commentReply, .newComment:
            guard let answer = answers.isEmpty ? nil : random.pick(answers) else { return "no answer to comment" }
            var comment = try reader.comments(of: answer.id).first
                ?? AnswerComment(id: AnswerCommentID(6000 + random.int(0...99)), answerID: answer.id, authorID: user.id,
                                 text: phrase(), addTime: someTime())
            if edit == .newComment { comment.id = AnswerCommentID(6000 + random.int(0...99)) }
            // A comment moved under another answer: the one it left shows it no more.
            if edit == .commentReply, random.chance(0.4) { comment.answerID = random.pick(answers).id }
            if edit == .commentText { comment.text = phrase() } else { comment.atUserID = random.pick(users).id }
            try writer.upsert(comment)
            return "\(edit) \(comment.id)"
        case .userNames: user.nickName = random.chance(0.3) ? nil : phrase(); user.userName = "u\(random.int(0...999))"
        case .userAvatar: user.avatarFile = random.chance(0.5) ? nil : "000/00/00/01_avatar_max.jpg"
        case .userSignature: user.signature = random.chance(0.3) ? nil : phrase()
        case .userCounts: user.counts = .init(fans: random.int(0...9), questions: random.int(0...9), agree: random.int(0...9))
        case .newUser: user = User(id: UserID(30 + random.int(0...20)), userName: "new\(random.int(0...99))", nickName: phrase())
        case .topicTitle: topic.title = phrase()
        case .topicDescription: topic.description = phrase()
        case .topicPicture: topic.pic = random.chance(0.5) ? nil : "pic.png"
        case .topicCounts: topic.focusCount = random.int(0...30); topic.discussCount = random.int(0...30)
        case .newTopic: topic = Topic(id: TopicID(40 + random.int(0...20)), title: phrase(), description: phrase())
        case .articleFields:
            article.title = phrase(); article.votes = random.int(0...9); article.views = random.int(0...99)
            article.topicIDs = [random.pick(topics).id]
        case .articleBody: article.messageHTML = link()
        case .articleComment:
            let comment = ArticleComment(id: ArticleCommentID(80 + random.int(0...9)), articleID: article.id, authorID: user.id,
                                         message: phrase(), addTime: someTime(), atUserID: random.chance(0.5) ? random.pick(users).id : nil,
                                         votes: random.int(0...5))
            try writer.upsert(comment)
            return "\(edit) \(comment.id)"
        case .newArticle:
            article = Article(id: ArticleID(8 + random.int(0...20)), authorID: random.pick(users).id, title: phrase(), messageHTML: link(),
                              addTime: someTime(), topicIDs: [random.pick(topics).id])
        case .assetState:
            let urls = [FixtureSite.source + "/uploads/answer/lib.png", FixtureSite.source + "/uploads/topic/pic.png",
                        FixtureSite.source + "/uploads/avatar/000/00/00/01_avatar_max.jpg"]
            let url = AssetURL(random.pick(urls))
            try writer.put(random.chance(0.5)
                ? Asset(url: url, sha256: FixtureSite.imageSHA, contentType: "image/png", size: FixtureSite.image.count, state: .stored)
                : Asset(url: url, state: .missing))
            return "\(edit) \(url)"
        case .crawlTime:
            try writer.setMeta(.crawlFinishedAt, "2026-11-\(10 + random.int(0...19))T10:00:00Z")
            return "\(edit)"
        }
        switch edit {
        case .questionTitle, .questionDetail, .questionAsker, .questionTimes, .questionCounts, .questionTopics, .questionBest, .newQuestion:
            try writer.upsert(question)
            return "\(edit) \(question.id)"
        case .userNames, .userAvatar, .userSignature, .userCounts, .newUser:
            try writer.upsert(user)
            return "\(edit) \(user.id)"
        case .topicTitle, .topicDescription, .topicPicture, .topicCounts, .newTopic:
            try writer.upsert(topic)
            return "\(edit) \(topic.id)"
        default:
            try writer.upsert(article)
            return "\(edit) \(article.id)"
        }
    }
}
