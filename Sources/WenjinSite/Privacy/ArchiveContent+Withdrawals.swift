import WenjinModel

extension ArchiveContent {
    /// The archive as it may be published: withdrawn posts out of every list (their pages
    /// become notices, `PageJob.withdrawn`), withdrawn answers and comments emptied to a
    /// one-line notice in their thread, hidden users out of the users and shown as 匿名用户,
    /// removed images out of the assets. What is withheld is dropped here, before anything is
    /// sanitized, indexed or rendered, so no later step can let it out.
    func withdrawing(_ withdrawals: Withdrawals) -> ArchiveContent {
        guard !withdrawals.isEmpty else { return self }
        var copy = self
        copy.withdrawals = withdrawals
        let hidden = withdrawals.hiddenUsers
        let gone = withdrawals.gone
        func shown(_ id: QuestionID) -> Bool { withdrawals.questions[id] == nil && !gone.questions.contains(id) }
        func shown(_ id: ArticleID) -> Bool { withdrawals.articles[id] == nil && !gone.articles.contains(id) }

        // Only what a withdrawal changes is copied: a rebuild after one takedown (issue 11 §2)
        // should not rebuild every list of the archive. The dictionaries' order is no promise
        // (hashing is seeded per process), so editing them in place shows the same archive.
        copy.questions = questions.filter { shown($0.id) }
        if !hidden.isEmpty {
            for position in copy.questions.indices {
                if let asker = copy.questions[position].askerID, hidden.contains(asker) {
                    (copy.questions[position].askerID, copy.questions[position].isAnonymous) = (nil, true)
                }
            }
        }
        func changes(_ answer: Answer) -> Bool {
            gone.answers.contains(answer.id) || withdrawals.answers[answer.id] != nil
                || answer.authorID.map(hidden.contains) == true
        }
        var keptAnswers = Set<AnswerID>(minimumCapacity: answers.values.reduce(0) { $0 + $1.count })
        for (question, list) in answers {
            guard shown(question) else {
                copy.answers[question] = nil
                continue
            }
            guard list.contains(where: changes) else {
                for answer in list { keptAnswers.insert(answer.id) }
                continue
            }
            copy.answers[question] = list.filter { !gone.answers.contains($0.id) }.map { answer in
                guard withdrawals.answers[answer.id] == nil else {
                    // Its votes stay (never shown) so the search index keeps its numbering and
                    // is patched, not written whole: the answer's document stays, without text.
                    return Answer(id: answer.id, questionID: answer.questionID, isAnonymous: true, contentHTML: "",
                                  agreeCount: answer.agreeCount)
                }
                keptAnswers.insert(answer.id)
                var answer = answer
                if let author = answer.authorID, hidden.contains(author) { (answer.authorID, answer.isAnonymous) = (nil, true) }
                return answer
            }
        }
        // Comments of a withdrawn answer go with it; withdrawn ones keep their place, emptied.
        let commentsChange = !gone.answerComments.isEmpty || !withdrawals.answerComments.isEmpty
        if commentsChange || !answerComments.keys.allSatisfy(keptAnswers.contains) {
            copy.answerComments = answerComments.filter { keptAnswers.contains($0.key) }
        }
        if commentsChange {
            copy.answerComments = copy.answerComments.mapValues { list in
                list.filter { !gone.answerComments.contains($0.id) }.map { comment in
                    guard withdrawals.answerComments[comment.id] == nil else {
                        return AnswerComment(id: comment.id, answerID: comment.answerID, authorID: comment.authorID, text: "",
                                             addTime: comment.addTime)
                    }
                    return comment
                }
            }
        }
        copy.articles = articles.filter { shown($0.id) }
        let articleCommentsChange = !gone.articleComments.isEmpty || !withdrawals.articleComments.isEmpty
        if articleCommentsChange || !articleComments.keys.allSatisfy({ shown($0) }) {
            copy.articleComments = articleComments.filter { shown($0.key) }.mapValues { list in
                list.filter { !gone.articleComments.contains($0.id) }.map { comment in
                    guard withdrawals.articleComments[comment.id] == nil else {
                        return ArticleComment(id: comment.id, articleID: comment.articleID, authorID: comment.authorID, message: "",
                                              addTime: comment.addTime)
                    }
                    return comment
                }
            }
        }
        if !hidden.isEmpty || !gone.users.isEmpty {
            copy.users = users.filter { !hidden.contains($0.id) && !gone.users.contains($0.id) }
        }
        // A hidden user's avatar goes with their profile; so does every removed image.
        var dropped = withdrawals.removedImages
        for user in users where hidden.contains(user.id) || gone.users.contains(user.id) {
            if let file = user.avatarFile, !file.isEmpty { dropped.insert(AssetURL(sourceBase + "/uploads/avatar/" + file)) }
        }
        if !dropped.isEmpty { copy.assets = assets.filter { !dropped.contains($0.key) } }
        return copy
    }
}
