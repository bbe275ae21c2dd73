import WenjinModel

/// Whom the comments under an anonymous answer must not name. When the store knows the answer's
/// real author (upstream WeCenter sends it), their own comments and @-replies to them show as
/// 匿名用户. When it does not (WENJIN sends uid −1), an @-reply to someone with no comment in the
/// thread can only be addressed to the answer's author, and is hidden the same way.
struct ThreadAnonymity {
    private let hidden: Set<UserID>

    init(answer: Answer, comments: [AnswerComment]) {
        guard answer.isAnonymous else {
            hidden = []
            return
        }
        var hidden = Set<UserID>()
        if let author = answer.authorID { hidden.insert(author) }
        let commenters = Set(comments.map(\.authorID)).subtracting(hidden)
        for comment in comments {
            if let target = comment.atUserID, !commenters.contains(target) { hidden.insert(target) }
        }
        self.hidden = hidden
    }

    func hides(_ user: UserID) -> Bool { hidden.contains(user) }
}
