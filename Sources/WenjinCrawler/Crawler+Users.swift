import Foundation
import WenjinAPI
import WenjinModel
import WenjinStore

/// Profiles and follow lists: how users who never posted are found.
extension Crawler {
    static let followPageSize = 20

    func user(_ id: Int) async throws -> StoreWrites {
        let (profile, response) = try await client.fetch(Endpoint.user(RemoteUserID(id)))
        return { writer in
            if let raw = Self.raw(response) { try writer.put(raw) }
            try writer.upsert(User(
                id: UserID(id), userName: profile.userName, nickName: profile.nickName, avatarFile: profile.avatarFile,
                signature: profile.signature,
                counts: User.Counts(fans: profile.fansCount, friends: profile.friendCount, questions: profile.questionCount,
                                    answers: profile.answerCount, topicFocus: profile.topicFocusCount,
                                    agree: profile.agreeCount, thanks: profile.thanksCount)))
            // Only a real picture; WeCenter's default one is the theme's business.
            if let file = profile.avatarFile, !file.isEmpty, let url = self.options.source.avatarURL(file) {
                try writer.add(.asset(url.absoluteString))
            }
            if profile.friendCount > 0 { try writer.add(.follows(.following, user: id, page: 1, before: 0)) }
            if profile.fansCount > 0 { try writer.add(.follows(.followers, user: id, page: 1, before: 0)) }
        }
    }

    func follows(_ list: CrawlJob.FollowList, of user: Int, page: Int, before: Int) async throws -> StoreWrites {
        let endpoint: Endpoint<FollowUsersPage> = switch list {
        case .following: .following(RemoteUserID(user), page: page, perPage: Self.followPageSize)
        case .followers: .followers(RemoteUserID(user), page: page, perPage: Self.followPageSize)
        }
        let (rows, response) = try await client.fetch(endpoint)
        return { writer in
            if let raw = Self.raw(response) { try writer.put(raw) }
            try Self.discover(rows.rows.map(\.user.id), in: writer)
            if !rows.isLastPage(receivedBefore: before) {
                try writer.add(.follows(list, user: user, page: page + 1, before: before + rows.receivedCount))
            }
        }
    }
}
