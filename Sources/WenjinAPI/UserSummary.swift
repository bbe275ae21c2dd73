/// A user as embedded in other responses (`user_info`, `answer_users`, `at_user`, …).
package struct UserSummary: Sendable, Equatable {
    package var id: RemoteUserID
    /// Login name, HTML-escaped as sent.
    package var userName: String
    /// WENJIN's display name; absent upstream.
    package var nickName: String?
    /// Avatar path relative to `uploads/avatar/`; nil when the user has none.
    package var avatarFile: String?

    /// WENJIN marks anonymous authors with uid −1 (upstream sends the real uid).
    package var isAnonymous: Bool { id.isAnonymous }
}

// Read from a response in an extension, so the memberwise init stays.
extension UserSummary {
    /// The summary at `key`, nil when absent or unreadable: for users a response mentions beside
    /// the item it is about (an asker in a list, a reply target), whose loss does not lose the item.
    static func lenient(_ fields: FieldReader, _ key: String) -> UserSummary? {
        guard let info = try? fields.optionalObject(key) else { return nil }
        return try? UserSummary(info)
    }

    init(_ fields: FieldReader) throws(FieldReader.Problem) {
        id = try fields.id("uid")
        userName = try fields.text("user_name")
        nickName = try fields.optionalString("nick_name")
        avatarFile = try fields.optionalPath("avatar_file")
    }
}
