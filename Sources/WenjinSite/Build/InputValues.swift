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

    /// Made in parts, one per kind of key (the bodies in several), on every core: each part sorted alone, and the parts
    /// in the order of their kinds, so joined they are sorted (a key's kind is its top byte).
    init(archive: ArchiveLookup, entities: EntityDigests, bodies: SanitizedBodies) {
        let content = archive.content
        let hidden = content.withdrawals.hiddenUsers
        typealias Part = @Sendable () -> [(key: PageInputKey, value: UInt64)]
        let parts: [Part] = [
            { entities.questions.map { (.question($0.key), $0.value) } },
            { entities.answers.map { (.answer($0.key), $0.value) } },
            {
                var pairs = entities.users.map { (PageInputKey.user($0.key), $0.value ^ (hidden.contains($0.key) ? 0x6869_6464_656E : 0)) }
                // A hidden ID the archive has no user for is still shown as hidden wherever it is named.
                for id in hidden where entities.users[id] == nil { pairs.append((.user(id), 0x6869_6464_656E)) }
                return pairs
            },
            { entities.topics.map { (.topic($0.key), $0.value) } },
            { entities.articles.map { (.article($0.key), $0.value) } },
            {
                content.questions.map { question in
                    var digest = ContentDigest(seed: 9)
                    for answer in content.answers[question.id] ?? [] {
                        digest.add(word: UInt64(bitPattern: Int64(answer.id.rawValue)))
                        digest.add(word: UInt64(content.withdrawals.answers[answer.id]?.rawValue ?? 0))
                    }
                    return (.answers(of: question.id), digest.finish())
                }
            },
            {
                content.topics.map { topic in
                    var digest = ContentDigest(seed: 10)
                    Self.add(archive.questionsByTopic[topic.id] ?? [], \.id.rawValue, to: &digest)
                    Self.add(archive.articlesByTopic[topic.id] ?? [], \.id.rawValue, to: &digest)
                    return (.lists(of: topic.id), digest.finish())
                }
            },
            {
                content.users.map { user in
                    var digest = ContentDigest(seed: 11)
                    Self.add(archive.questionsByAsker[user.id] ?? [], \.id.rawValue, to: &digest)
                    let answers = archive.answersByAuthor[user.id] ?? []
                    Self.add(answers, \.id.rawValue, to: &digest)
                    Self.add(answers, \.questionID.rawValue, to: &digest)
                    Self.add(archive.articlesByAuthor[user.id] ?? [], \.id.rawValue, to: &digest)
                    return (.lists(of: user.id), digest.finish())
                }
            },
            {
                var about = ContentDigest(seed: 12)
                DigestEncoder.add(content.counts, to: &about)
                about.add(content.sourceBase)
                about.add(content.crawlFinishedAt ?? "\u{0}")
                return [
                    (.archive(.questions), Self.digest(content.questions, \.id.rawValue)),
                    (.archive(.unanswered), Self.digest(archive.unansweredQuestions, \.id.rawValue)),
                    (.archive(.articles), Self.digest(content.articles, \.id.rawValue)),
                    (.archive(.topics), Self.digest(content.topics, \.id.rawValue)),
                    (.archive(.users), Self.digest(content.users, \.id.rawValue)),
                    (.archive(.about), about.finish()),
                ]
            },
        ]
        // The bodies' values (a digest over each body's links: 375,000 bodies at 100,000
        // questions): in the ledger's key order, which is theirs (a body key orders by kind, then
        // number, as `PageInputKey.body` lays them out; an ID beyond 2^56 would break the order,
        // and `keysAreDistinct` then sends the build to a full walk), cut into parts kept in that order.
        let bodyValues = bodies.ledger.keysAndDigests().map { (key: PageInputKey.body($0.key), value: $0.digest) }
        let bodyParts: [Part] = stride(from: 0, to: bodyValues.count, by: Self.bodiesPerPart).map { start in
            { Array(bodyValues[start..<min(bodyValues.count, start + Self.bodiesPerPart)]) }
        }
        func sorting(_ part: @escaping Part) -> Part { { KeyOrder.sorted(part(), by: \.key.rawValue) } }
        // Entities' kinds come before bodies', lists' after (`PageInputKey.Kind`).
        let sorted = ParallelWork.map(parts[..<5].map(sorting) + bodyParts + parts[5...].map(sorting)) { $0() }
        var keys: [UInt64] = [], values: [UInt64] = []
        let count = sorted.reduce(0) { $0 + $1.count }
        keys.reserveCapacity(count)
        values.reserveCapacity(count)
        for part in sorted {
            for pair in part {
                keys.append(pair.key.rawValue)
                values.append(pair.value)
            }
        }
        self.keys = keys
        self.values = values
    }

    /// Bodies' values made in one piece of parallel work.
    private static let bodiesPerPart = 32_768

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
