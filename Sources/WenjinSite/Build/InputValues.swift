import WenjinBuildSupport
import WenjinModel

/// The value of every input a page can read (`PageInputKey`), sorted by key: what a page's
/// fingerprint depends on, in a form two builds can compare in one pass. A page whose inputs
/// all kept their values keeps its fingerprint without walking its inputs (`PlanFingerprints`).
///
/// Each value covers everything `PageInputs` reads through that key: an entity's digest
/// (`EntityDigests`), a user's also whether they are hidden, a body's digest, a question's
/// answers with their withdrawals, and the lists pages are cut from, by ID and in order.
struct InputValues: Sendable {
    /// Keys ascending, each once.
    let keys: [UInt64]
    let values: [UInt64]

    init(keys: [UInt64], values: [UInt64]) {
        self.keys = keys
        self.values = values
    }

    init(index: ArchiveLookup, entities: EntityDigests, bodies: SanitizedBodies) {
        let content = index.content
        let hidden = content.withdrawals.hiddenUsers
        var pairs: [(PageInputKey, UInt64)] = []
        pairs.reserveCapacity(entities.questions.count * 3 + entities.answers.count * 2 + entities.users.count * 2
                              + entities.topics.count * 2 + entities.articles.count * 2 + 8)
        for (id, digest) in entities.questions { pairs.append((.question(id), digest)) }
        for (id, digest) in entities.answers { pairs.append((.answer(id), digest)) }
        for (id, digest) in entities.topics { pairs.append((.topic(id), digest)) }
        for (id, digest) in entities.articles { pairs.append((.article(id), digest)) }
        for (id, digest) in entities.users { pairs.append((.user(id), digest ^ (hidden.contains(id) ? 0x6869_6464_656E : 0))) }
        // A hidden ID the archive has no user for is still shown as hidden wherever it is named.
        for id in hidden where entities.users[id] == nil { pairs.append((.user(id), 0x6869_6464_656E)) }
        for (key, entry) in bodies.ledger.entries { pairs.append((.body(key), entry.digest)) }
        for question in content.questions {
            var digest = ContentDigest(seed: 9)
            for answer in content.answers[question.id] ?? [] {
                digest.add(word: UInt64(bitPattern: Int64(answer.id.rawValue)))
                digest.add(word: UInt64(content.withdrawals.answers[answer.id]?.rawValue ?? 0))
            }
            pairs.append((.answers(of: question.id), digest.finish()))
        }
        for topic in content.topics {
            var digest = ContentDigest(seed: 10)
            Self.add(index.questionsByTopic[topic.id] ?? [], \.id.rawValue, to: &digest)
            Self.add(index.articlesByTopic[topic.id] ?? [], \.id.rawValue, to: &digest)
            pairs.append((.lists(of: topic.id), digest.finish()))
        }
        for user in content.users {
            var digest = ContentDigest(seed: 11)
            Self.add(index.questionsByAsker[user.id] ?? [], \.id.rawValue, to: &digest)
            let answers = index.answersByAuthor[user.id] ?? []
            Self.add(answers, \.id.rawValue, to: &digest)
            Self.add(answers, \.questionID.rawValue, to: &digest)
            Self.add(index.articlesByAuthor[user.id] ?? [], \.id.rawValue, to: &digest)
            pairs.append((.lists(of: user.id), digest.finish()))
        }
        pairs.append((.archive(.questions), Self.digest(content.questions, \.id.rawValue)))
        pairs.append((.archive(.unanswered), Self.digest(index.unansweredQuestions, \.id.rawValue)))
        pairs.append((.archive(.articles), Self.digest(content.articles, \.id.rawValue)))
        pairs.append((.archive(.topics), Self.digest(content.topics, \.id.rawValue)))
        pairs.append((.archive(.users), Self.digest(content.users, \.id.rawValue)))
        var about = ContentDigest(seed: 12)
        DigestEncoder.add(content.counts, to: &about)
        about.add(content.sourceBase)
        about.add(content.crawlFinishedAt ?? "\u{0}")
        pairs.append((.archive(.about), about.finish()))

        pairs.sort { $0.0 < $1.0 }
        keys = pairs.map(\.0.rawValue)
        values = pairs.map(\.1)
    }

    /// Whether every key is there once: two IDs folded to one key (beyond 2^56) could hide a change.
    var keysAreDistinct: Bool { zip(keys, keys.dropFirst()).allSatisfy { $0 < $1 } }

    /// The keys whose value differs between `previous` and `self`, or that only one of them has.
    func changed(since previous: InputValues) -> Set<UInt64> {
        var changed = Set<UInt64>()
        var old = 0, new = 0
        while old < previous.keys.count || new < keys.count {
            if new == keys.count || (old < previous.keys.count && previous.keys[old] < keys[new]) {
                changed.insert(previous.keys[old])
                old += 1
            } else if old == previous.keys.count || keys[new] < previous.keys[old] {
                changed.insert(keys[new])
                new += 1
            } else {
                if previous.values[old] != values[new] { changed.insert(keys[new]) }
                old += 1
                new += 1
            }
        }
        return changed
    }

    private static func add<Item>(_ items: [Item], _ id: (Item) -> Int, to digest: inout ContentDigest) {
        digest.add(word: UInt64(items.count))
        for item in items { digest.add(word: UInt64(bitPattern: Int64(id(item)))) }
    }

    private static func digest<Item>(_ items: [Item], _ id: (Item) -> Int) -> UInt64 {
        var digest = ContentDigest(seed: 13)
        add(items, id, to: &digest)
        return digest.finish()
    }
}
