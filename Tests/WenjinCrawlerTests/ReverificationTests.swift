import Foundation
import Testing
import WenjinModel
import WenjinSample
import WenjinStore
@testable import WenjinCrawler

/// Each crawl re-fetches the share of the archive verified longest ago, so changes that move no
/// question in explore (a deleted question, a new comment, an edited profile) are found within
/// ceil(1 / reverifyShare) crawls, and `reverifyShare` 1 (`wenjin crawl --full`) finds them in one.
@Suite("Re-verification")
struct ReverificationTests {
    /// The first crawl's community, then the same one after quiet changes upstream.
    static let original = SampleCommunity.Options(seed: 2015, questions: 40)
    static let changed = SampleCommunity.Options(seed: 2015, questions: 40, deletedQuestions: 1, newComments: 1, editedProfiles: 1)

    /// What of the quiet changes the store knows.
    struct Known: Equatable {
        var deletion = false
        var comment = false
        var profile = false
    }

    static func known(_ store: Store, _ community: SampleCommunity) throws -> Known {
        let question = try #require(community.questions.first { $0.isDeleted })
        let comment = try #require(community.comments.last)
        let user = try #require(community.users.first { $0.signature?.hasSuffix("（资料已更新）") == true })
        return try store.read { reader in
            Known(deletion: try reader.deletionTime(.question, id: question.id) != nil,
                  comment: try reader.answerComment(AnswerCommentID(comment.id)) != nil,
                  profile: try reader.user(UserID(user.id))?.signature == user.signature)
        }
    }

    /// A first crawl of the original community, then the changed one served in its place.
    static func changedSite(_ flavor: SampleAPI.Flavor) async throws -> (original: SampleSite, changed: SampleSite) {
        let first = try SampleSite(community: original, flavor: flavor)
        try await first.crawl()
        let port = try #require(first.server.port)
        first.server.stop()
        return (first, try SampleSite(community: changed, flavor: flavor, port: port, folder: first.folder))
    }

    @Test("re-verification finds a deletion, a new comment and an edited profile that incremental crawls miss, within 1/reverifyShare crawls",
          arguments: SampleAPI.Flavor.allCases)
    func findsQuietChanges(flavor: SampleAPI.Flavor) async throws {
        let (original, site) = try await Self.changedSite(flavor)
        defer { withExtendedLifetime(original) {} }
        for _ in 1...4 {
            let (summary, _) = try await site.crawl(reverifyShare: 0)
            #expect(summary.reverified == 0)
            #expect(summary.changes == ArchiveChanges())
        }
        #expect(try Self.known(site.openStore(), site.community) == Known())

        var found = ArchiveChanges()
        for _ in 1...4 {
            let (summary, store) = try await site.crawl(reverifyShare: 0.25)
            #expect(summary.tasksFailed == 0)
            let counts = try store.read { reader in try VerifiedKind.allCases.map { try reader.itemCount($0) } }
            #expect(summary.reverified == counts.map { Int((Double($0) * 0.25).rounded(.up)) }.reduce(0, +))
            let changes = try #require(summary.changes)
            found.deleted += changes.deleted
            found.newComments += changes.newComments
            found.profilesChanged += changes.profilesChanged
            found.edited += changes.edited
        }
        #expect(try Self.known(site.openStore(), site.community) == Known(deletion: true, comment: true, profile: true))
        #expect(found == ArchiveChanges(deleted: 1, newComments: 1, profilesChanged: 1))
    }

    @Test("a share of 1, as `wenjin crawl --full` sets, finds every quiet change in one crawl", arguments: SampleAPI.Flavor.allCases)
    func fullCrawl(flavor: SampleAPI.Flavor) async throws {
        let (original, site) = try await Self.changedSite(flavor)
        defer { withExtendedLifetime(original) {} }
        let (summary, store) = try await site.crawl(reverifyShare: 1)
        let items = try store.read { reader in try VerifiedKind.allCases.map { try reader.itemCount($0) }.reduce(0, +) }
        #expect(summary.reverified == items)
        #expect(summary.changes == ArchiveChanges(deleted: 1, newComments: 1, profilesChanged: 1))
        #expect(try Self.known(store, site.community) == Known(deletion: true, comment: true, profile: true))
    }

    @Test("every stored question, user and article is fetched again within ceil(1/share) crawls of an unchanged community")
    func everyItemWithinBoundedRuns() async throws {
        let site = try SampleSite(community: Self.original)
        let (_, store) = try await site.crawl()
        site.log.clear()
        for _ in 1...3 { try await site.crawl(reverifyShare: 0.34) }
        let targets = site.log.contentTargets
        func fetched(_ prefix: String) -> Set<Int> {
            Set(targets.compactMap { target in
                target.hasPrefix(prefix) ? Int(target.dropFirst(prefix.count).prefix { $0.isNumber }) : nil
            })
        }
        let (questions, users, articles) = try store.read { reader in
            (try reader.questions().map(\.id.rawValue), try reader.users().map(\.id.rawValue), try reader.articles().map(\.id.rawValue))
        }
        #expect(fetched("/?/api/question/question/&id=").isSuperset(of: questions))
        #expect(fetched("/?/api/account/get_userinfo/&uid=").isSuperset(of: users))
        #expect(fetched("/?/api/article/article/&id=").isSuperset(of: articles))
    }
}
