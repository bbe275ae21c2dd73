import Foundation

/// A member of the community, as the profile endpoint (`account/get_userinfo`) describes them.
///
/// Lists elsewhere in the API (answers, comments) only carry the name fields; a user known only
/// from those has zero counts until their profile is fetched.
package struct User: Sendable, Hashable, Codable, Identifiable {
    /// The numbers a profile page shows.
    package struct Counts: Sendable, Hashable, Codable {
        /// Followers (`fans_count`).
        package var fans: Int
        /// Users this user follows (`friend_count`).
        package var friends: Int
        package var questions: Int
        package var answers: Int
        /// Topics this user follows (`topic_focus_count`).
        package var topicFocus: Int
        /// Agreements received (`agree_count`).
        package var agree: Int
        /// Thanks received (`thanks_count`).
        package var thanks: Int

        package init(fans: Int = 0, friends: Int = 0, questions: Int = 0, answers: Int = 0,
                    topicFocus: Int = 0, agree: Int = 0, thanks: Int = 0) {
            self.fans = fans
            self.friends = friends
            self.questions = questions
            self.answers = answers
            self.topicFocus = topicFocus
            self.agree = agree
            self.thanks = thanks
        }
    }

    package var id: UserID
    /// The login name (`user_name`), entity-escaped.
    package var userName: String
    /// WENJIN's display name (`nick_name`), entity-escaped; absent on upstream WeCenter.
    package var nickName: String?
    /// Avatar path relative to the site's `uploads/avatar/` (`…_avatar_max.jpg`); `nil` when none.
    package var avatarFile: String?
    package var signature: String?
    package var counts: Counts

    package init(id: UserID, userName: String, nickName: String? = nil, avatarFile: String? = nil,
                signature: String? = nil, counts: Counts = Counts()) {
        self.id = id
        self.userName = userName
        self.nickName = nickName
        self.avatarFile = avatarFile
        self.signature = signature
        self.counts = counts
    }

    /// The name a page shows: the nick name when there is one, else the login name.
    package var displayName: String {
        if let nickName, !nickName.isEmpty { return nickName }
        return userName
    }
}
