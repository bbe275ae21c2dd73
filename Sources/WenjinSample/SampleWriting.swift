import Foundation

/// The texts of the sample community, written on demand from each entity's own random stream
/// (salted apart from the stream that made its metadata). Texts are plain, as typed; the API
/// escapes and renders them per endpoint.
extension SampleCommunity {
    /// Hosts the community was served from over the years (docs/api.md §1.1); old bodies link to them.
    static let historicalHosts = [
        "http://wenjin.in/", "http://wenjin.twtstudio.com/", "http://wj.oursays.com/", "http://2014shequ.twtstudio.com/",
        "http://wenjin.im/",
    ]

    package func questionTitle(_ id: Int) -> String {
        var rng = SeededRandom(seed: options.seed, kind: .question, id: id, salt: 1)
        let subject = rng.pick(SampleVocabulary.questionSubjects)
        let opener = rng.pick(SampleVocabulary.questionOpeners)
        return opener + subject + rng.pick(SampleVocabulary.questionClosers) + (id > 40 ? "（\(id)）" : "")
    }

    func questionDetail(_ id: Int, base: String) -> SampleBody {
        guard let question = question(id) else { return SampleBody(lines: [], lineEnding: "\n") }
        var rng = SeededRandom(seed: options.seed, kind: .question, id: id, salt: 2)
        if rng.chance(0.2), attachmentsByOwner[.question(id)] == nil { return SampleBody(lines: [], lineEnding: "\n") }
        var writer = BodyWriter(rng: rng, base: base, community: self, world: question.world)
        return writer.body(paragraphs: 1...3, attachments: attachmentsByOwner[.question(id)] ?? [], lineEnding: question.lineEnding)
    }

    func answerBody(_ id: Int, base: String) -> SampleBody {
        guard let answer = answer(id), let question = question(answer.questionID) else {
            return SampleBody(lines: [], lineEnding: "\n")
        }
        let rng = SeededRandom(seed: options.seed, kind: .answer, id: id, salt: 2)
        var writer = BodyWriter(rng: rng, base: base, community: self, world: question.world)
        var body = writer.body(paragraphs: 1...4, attachments: attachmentsByOwner[.answer(id)] ?? [], lineEnding: question.lineEnding)
        if answer.isEdited { body.lines.append([.bold("编辑："), .text("补充一下，以上信息已更新。")]) }
        return body
    }

    package func commentText(_ id: Int) -> String {
        var rng = SeededRandom(seed: options.seed, kind: .comment, id: id, salt: 1)
        return rng.pick(SampleVocabulary.commentTexts)
    }

    package func articleTitle(_ id: Int) -> String {
        var rng = SeededRandom(seed: options.seed, kind: .article, id: id, salt: 1)
        return rng.pick(SampleVocabulary.articleTitles).replacingOccurrences(of: "%d", with: "\(2014 + id)")
    }

    /// Inline attachments come first; the article endpoint appends the others (docs/api.md §3.2).
    func articleBody(_ id: Int, base: String) -> SampleBody {
        guard let article = article(id) else { return SampleBody(lines: [], lineEnding: "\n") }
        let rng = SeededRandom(seed: options.seed, kind: .article, id: id, salt: 2)
        var writer = BodyWriter(rng: rng, base: base, community: self, world: article.world)
        let all = attachmentsByOwner[.article(id)] ?? []
        return writer.body(paragraphs: 3...6, attachments: Array(all.prefix(1)), lineEnding: "\r\n")
    }

    package func articleCommentText(_ id: Int) -> String {
        var rng = SeededRandom(seed: options.seed, kind: .articleComment, id: id, salt: 1)
        return rng.pick(SampleVocabulary.commentTexts)
    }
}

/// Writes one body: sentences with formatting, quotes, code, lists, links to the community's own
/// pages on every historical host, outside links, attachments, and now and then hostile markup.
private struct BodyWriter {
    var rng: SeededRandom
    let base: String
    let community: SampleCommunity
    /// What existed when the body was written; links point only there.
    let world: SampleCommunity.World

    mutating func body(paragraphs: ClosedRange<Int>, attachments: [Int], lineEnding: String) -> SampleBody {
        var lines: [[SampleBody.Piece]] = []
        for _ in 0..<rng.int(paragraphs) { lines.append(line()) }
        for attachment in attachments {
            let piece: SampleBody.Piece = rng.chance(0.3) ? .thumbnail(attachment) : .attachment(attachment)
            lines.insert([piece], at: rng.int(0...lines.count))
        }
        if rng.chance(0.04) { lines.append([.raw(rng.pick(SampleVocabulary.hostileSnippets))]) }
        return SampleBody(lines: lines, lineEnding: lineEnding)
    }

    mutating func sentence() -> String { rng.pick(SampleVocabulary.sentences) }

    mutating func line() -> [SampleBody.Piece] {
        switch rng.int(0...99) {
        case 0..<50: return [.text(sentence())]
        case 50..<58: return [.bold(String(sentence().prefix(6))), .text(sentence())]
        case 58..<61: return [.italic(sentence()), .text(" "), .underline(String(sentence().prefix(4)))]
        case 61..<63: return [.strike(sentence()), .size(rng.pick([12, 18, 24]), sentence())]
        case 63..<70: return [.quote(sentence())]
        case 70..<74: return [.code(rng.pick(SampleVocabulary.codeSnippets))]
        case 74..<78: return [.text("总结一下："), .list((0..<rng.int(2...4)).map { _ in String(sentence().prefix(8)) })]
        case 78..<90: return [.text(sentence() + " 参考："), internalLink()]
        default: return [.text(sentence() + " 详见 "), .link(url: rng.pick(SampleVocabulary.outsideLinks), text: nil)]
        }
    }

    /// A link to another page of the community, in one of the URL forms of docs/api.md §3.4.
    mutating func internalLink() -> SampleBody.Piece {
        let host = rng.chance(0.5) ? base : rng.pick(SampleCommunity.historicalHosts)
        guard world.questions > 0 else { return .link(url: host, text: "问津首页") }
        let target = rng.int(1...world.questions)
        let title = community.questionTitle(target)
        switch rng.int(0...7) {
        case 0: return .link(url: "\(host)?/question/\(target)", text: nil)
        case 1: return .link(url: "\(host)question/\(target)", text: title)
        case 2: return .link(url: "\(host)?/m/question/\(target)", text: title)
        case 3:
            guard let answer = community.question(target)?.answerIDs.first else { return .link(url: "\(host)?/question/\(target)", text: title) }
            return .link(url: "\(host)m/question/id-\(target)__answer_id-\(answer)__single-TRUE", text: "这个回答")
        case 4 where world.articles > 0:
            return .link(url: "\(host)article/\(rng.int(1...world.articles))", text: "这篇文章")
        case 5:
            let user = community.users[rng.int(0...world.users - 1)]
            return .link(url: "\(host)people/\(urlToken(user.userName))", text: "@\(user.nickName)")
        case 6:
            let topic = community.topics[rng.int(0...world.topics - 1)]
            return .link(url: "\(host)topic/\(urlToken(topic.title))", text: "#\(topic.title)#")
        default: return .link(url: "\(host)?/question/\(target)", text: title)
        }
    }
}

/// WeCenter's `url_token`: the name, percent-encoded (`%E5%8C%97%E6%B4%8B%E5%9B%AD`).
func urlToken(_ name: String) -> String {
    name.addingPercentEncoding(withAllowedCharacters: urlTokenAllowed) ?? name
}

private let urlTokenAllowed = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
