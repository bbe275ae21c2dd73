import Foundation
import WenjinAPI
import WenjinModel
import WenjinStore

/// Profiles, follow lists (how users who never posted are found) and users' own lists of
/// questions and answers.
extension Crawler {
    static let followPageSize = 20

    func user(_ id: Int) async throws -> StoreWrites {
        let (profile, response) = try await client.fetch(Endpoint.user(RemoteUserID(id)))
        return { writer in
            try self.keep(response, in: writer)
            let before = try writer.reader.user(UserID(id))
            if let before, (before.userName, before.nickName, before.avatarFile, before.signature)
                != (profile.userName, profile.nickName, profile.avatarFile, profile.signature) {
                self.count { $0.profilesChanged += 1 }
            }
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
            if profile.questionCount > 0 { try writer.add(.posts(.questions, user: id, page: 1, before: 0)) }
            if profile.answerCount > 0 { try writer.add(.posts(.answers, user: id, page: 1, before: 0)) }
            if profile.friendCount > 0 { try writer.add(.follows(.following, user: id, page: 1, before: 0)) }
            if profile.fansCount > 0 { try writer.add(.follows(.followers, user: id, page: 1, before: 0)) }
        }
    }

    func follows(_ list: CrawlJob.FollowList, of user: Int, page: Int, before: Int) async throws -> StoreWrites {
        func endpoint(_ page: Int) -> Endpoint<FollowUsersPage> {
            switch list {
            case .following: .following(RemoteUserID(user), page: page, perPage: Self.followPageSize)
            case .followers: .followers(RemoteUserID(user), page: page, perPage: Self.followPageSize)
            }
        }
        let (rows, response) = try await client.fetch(endpoint(page))
        let repeated = try repeatsStoredPage(rows, previous: page > 1 ? endpoint(page - 1) : nil)
        return { writer in
            try self.keep(response, unreadable: rows.unreadableRows, listEnd: repeated ? .repeated(page: page) : nil, in: writer)
            guard !repeated else { return }
            try Self.discover(rows.rows.map(\.user.id), in: writer)
            if !rows.isLastPage(receivedBefore: before) {
                try writer.add(.follows(list, user: user, page: page + 1, before: before + rows.receivedCount))
            }
        }
    }

    /// A page of a user's questions or answers: queues every question not yet known, late.
    func posts(_ list: CrawlJob.PostList, of user: Int, page: Int, before: Int) async throws -> StoreWrites {
        let questions: [Int]
        let received: Int
        let last: Bool
        let repeated: Bool
        let response: APIResponse
        let id = RemoteUserID(user)
        switch list {
        case .questions:
            let (rows, reply) = try await client.fetch(Endpoint.userQuestions(id, page: page, perPage: Self.followPageSize))
            repeated = try repeatsStoredPage(rows, previous: page > 1 ? .userQuestions(id, page: page - 1, perPage: Self.followPageSize) : nil)
            (questions, received, last, response) = (rows.rows.map(\.id.rawValue), rows.receivedCount,
                                                     rows.isLastPage(receivedBefore: before), reply)
        case .answers:
            let (rows, reply) = try await client.fetch(Endpoint.userAnswers(id, page: page, perPage: Self.followPageSize))
            repeated = try repeatsStoredPage(rows, previous: page > 1 ? .userAnswers(id, page: page - 1, perPage: Self.followPageSize) : nil)
            (questions, received, last, response) = (rows.rows.map(\.questionID.rawValue), rows.receivedCount,
                                                     rows.isLastPage(receivedBefore: before), reply)
        }
        return { writer in
            try self.keep(response, listEnd: repeated ? .repeated(page: page) : nil, in: writer)
            guard !repeated else { return }
            for question in questions where question > 0 { try writer.add(.question(question), priority: CrawlJob.latePriority) }
            if !last { try writer.add(.posts(list, user: user, page: page + 1, before: before + received)) }
        }
    }
}
