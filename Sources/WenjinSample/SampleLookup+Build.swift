extension SampleLookup {
    /// Builds every reverse lookup in one pass over the community; deleted entities are in none.
    init(_ community: SampleCommunity) {
        let questions = community.questions.filter { !$0.isDeleted }
        for question in questions {
            questionsByUser[question.askerID, default: []].append(question.id)
            for topic in question.topicIDs { questionsByTopic[topic, default: []].append(question.id) }
        }
        for answer in community.answers where !answer.isDeleted { answersByUser[answer.authorID, default: []].append(answer.id) }
        for article in community.articles {
            for topic in article.topicIDs { articlesByTopic[topic, default: []].append(article.id) }
        }
        for user in community.users where !user.isDeleted {
            for followed in user.following { followers[followed, default: []].append(user.id) }
            for topic in user.followedTopics { topicFollowers[topic, default: []].append(user.id) }
            for question in user.followedQuestions { questionFollowers[question, default: []].append(user.id) }
            userIDByName[user.userName] = user.id
        }
        for attachment in community.attachments { attachmentByName[attachment.name] = attachment.id }
        for topic in community.topics { if let picture = topic.picture { topicByPicture[picture] = topic.id } }
        let dated: [(time: Int, post: Post, id: Int, kind: Int)] =
            questions.map { ($0.updateTime, .question($0.id), $0.id, 0) }
            + community.articles.map { ($0.addTime, .article($0.id), $0.id, 1) }
        posts = dated.sorted { ($0.time, $0.kind, $0.id) > ($1.time, $1.kind, $1.id) }.map(\.post)
        let discussion = community.topics.map { topic in
            (id: topic.id, count: (questionsByTopic[topic.id]?.count ?? 0) + (articlesByTopic[topic.id]?.count ?? 0))
        }
        hotTopics = discussion.sorted { ($0.count, -$0.id) > ($1.count, -$1.id) }.map(\.id)
    }
}
