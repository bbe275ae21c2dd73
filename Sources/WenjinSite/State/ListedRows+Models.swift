import WenjinModel

/// A row as `ListedRows` keeps it: every field the store's read gives but the body, read back
/// with an empty one (as a rebuild's read leaves an unchanged row's). Each field in the model's
/// order; a new field must be added here, and the format's name changed.
protocol KeptRow: Sendable {
    init(kept reader: inout RowReader) throws(ByteReader.Malformed)
    func write(kept writer: inout ByteWriter)
}

extension ByteWriter {
    fileprivate mutating func add(_ topics: [TopicID]) {
        add(topics.count)
        for topic in topics { add(topic.rawValue) }
    }
}

extension RowReader {
    fileprivate mutating func topicIDs() throws(ByteReader.Malformed) -> [TopicID] {
        let count = try count()
        var topics: [TopicID] = []
        topics.reserveCapacity(count)
        for _ in 0..<count { topics.append(TopicID(try integer())) }
        return topics
    }
}

extension Question: KeptRow {
    init(kept reader: inout RowReader) throws(ByteReader.Malformed) {
        self.init(id: QuestionID(try reader.integer()), title: try reader.string(), askerID: try reader.optionalInteger().map { UserID($0) },
                  isAnonymous: try reader.flag(), addTime: try reader.date(), updateTime: try reader.date(),
                  answerCount: try reader.integer(), viewCount: try reader.integer(), focusCount: try reader.integer(),
                  topicIDs: try reader.topicIDs(), bestAnswerID: try reader.optionalInteger().map { AnswerID($0) })
    }

    func write(kept writer: inout ByteWriter) {
        writer.add(id.rawValue)
        writer.add(title)
        writer.add(askerID?.rawValue)
        writer.add(isAnonymous)
        writer.add(addTime)
        writer.add(updateTime)
        writer.add(answerCount)
        writer.add(viewCount)
        writer.add(focusCount)
        writer.add(topicIDs)
        writer.add(bestAnswerID?.rawValue)
    }
}

extension Answer: KeptRow {
    init(kept reader: inout RowReader) throws(ByteReader.Malformed) {
        self.init(id: AnswerID(try reader.integer()), questionID: QuestionID(try reader.integer()),
                  authorID: try reader.optionalInteger().map { UserID($0) }, isAnonymous: try reader.flag(), contentHTML: "",
                  addTime: try reader.optionalDate(), agreeCount: try reader.integer(), commentCount: try reader.integer())
    }

    func write(kept writer: inout ByteWriter) {
        writer.add(id.rawValue)
        writer.add(questionID.rawValue)
        writer.add(authorID?.rawValue)
        writer.add(isAnonymous)
        writer.add(addTime)
        writer.add(agreeCount)
        writer.add(commentCount)
    }
}

extension AnswerComment: KeptRow {
    init(kept reader: inout RowReader) throws(ByteReader.Malformed) {
        self.init(id: AnswerCommentID(try reader.integer()), answerID: AnswerID(try reader.integer()), authorID: UserID(try reader.integer()),
                  text: try reader.string(), addTime: try reader.date(), atUserID: try reader.optionalInteger().map { UserID($0) })
    }

    func write(kept writer: inout ByteWriter) {
        writer.add(id.rawValue)
        writer.add(answerID.rawValue)
        writer.add(authorID.rawValue)
        writer.add(text)
        writer.add(addTime)
        writer.add(atUserID?.rawValue)
    }
}

extension User: KeptRow {
    init(kept reader: inout RowReader) throws(ByteReader.Malformed) {
        self.init(id: UserID(try reader.integer()), userName: try reader.string(), nickName: try reader.optionalString(),
                  avatarFile: try reader.optionalString(), signature: try reader.optionalString(),
                  counts: Counts(fans: try reader.integer(), friends: try reader.integer(), questions: try reader.integer(),
                                 answers: try reader.integer(), topicFocus: try reader.integer(), agree: try reader.integer(),
                                 thanks: try reader.integer()))
    }

    func write(kept writer: inout ByteWriter) {
        writer.add(id.rawValue)
        writer.add(userName)
        writer.add(nickName)
        writer.add(avatarFile)
        writer.add(signature)
        for count in [counts.fans, counts.friends, counts.questions, counts.answers, counts.topicFocus, counts.agree, counts.thanks] {
            writer.add(count)
        }
    }
}

extension Topic: KeptRow {
    init(kept reader: inout RowReader) throws(ByteReader.Malformed) {
        self.init(id: TopicID(try reader.integer()), title: try reader.string(), description: try reader.string(),
                  pic: try reader.optionalString(), focusCount: try reader.integer(), discussCount: try reader.optionalInteger())
    }

    func write(kept writer: inout ByteWriter) {
        writer.add(id.rawValue)
        writer.add(title)
        writer.add(description)
        writer.add(pic)
        writer.add(focusCount)
        writer.add(discussCount)
    }
}

extension Article: KeptRow {
    init(kept reader: inout RowReader) throws(ByteReader.Malformed) {
        self.init(id: ArticleID(try reader.integer()), authorID: UserID(try reader.integer()), title: try reader.string(), messageHTML: "",
                  addTime: try reader.date(), views: try reader.integer(), votes: try reader.integer(),
                  commentCount: try reader.integer(), topicIDs: try reader.topicIDs())
    }

    func write(kept writer: inout ByteWriter) {
        writer.add(id.rawValue)
        writer.add(authorID.rawValue)
        writer.add(title)
        writer.add(addTime)
        writer.add(views)
        writer.add(votes)
        writer.add(commentCount)
        writer.add(topicIDs)
    }
}

extension ArticleComment: KeptRow {
    init(kept reader: inout RowReader) throws(ByteReader.Malformed) {
        self.init(id: ArticleCommentID(try reader.integer()), articleID: ArticleID(try reader.integer()),
                  authorID: UserID(try reader.integer()), message: try reader.string(), addTime: try reader.date(),
                  atUserID: try reader.optionalInteger().map { UserID($0) }, votes: try reader.integer())
    }

    func write(kept writer: inout ByteWriter) {
        writer.add(id.rawValue)
        writer.add(articleID.rawValue)
        writer.add(authorID.rawValue)
        writer.add(message)
        writer.add(addTime)
        writer.add(atUserID?.rawValue)
        writer.add(votes)
    }
}

extension Asset: KeptRow {
    init(kept reader: inout RowReader) throws(ByteReader.Malformed) {
        let (url, sha256, contentType, size) = (AssetURL(try reader.string()), try reader.optionalString(), try reader.optionalString(),
                                                try reader.optionalInteger())
        // The state by its place among the cases: 75,000 names matched cost more than their strings.
        let state = try reader.integer()
        guard State.allCases.indices.contains(state) else { throw ByteReader.Malformed() }
        self.init(url: url, sha256: sha256, contentType: contentType, size: size, state: State.allCases[state],
                  error: try reader.optionalString())
    }

    func write(kept writer: inout ByteWriter) {
        writer.add(url.rawValue)
        writer.add(sha256)
        writer.add(contentType)
        writer.add(size)
        writer.add(State.allCases.firstIndex(of: state) ?? 0)
        writer.add(error)
    }
}
