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

    /// Made in parts, one per kind of key (the bodies in several), on every core, each part in
    /// key order as it is made, and the parts in the order of their kinds (a key's kind is its
    /// top byte), so joined they are sorted without sorting: the entities' digests lie in
    /// tables sorted by ID, the bodies in the ledger's key order, and each list is made by
    /// walking its owners' IDs in those tables. An ID below zero or beyond 2^56 would break
    /// the order, and `keysAreDistinct` then sends the build to a full walk.
    init(archive: ArchiveLookup, entities: EntityDigests, bodies: SanitizedBodies) {
        let content = archive.content
        let hidden = content.withdrawals.hiddenUsers
        // Taken out once: read through `content` they were retained and released per answer.
        let (answers, withdrawnAnswers) = (content.answers, content.withdrawals.answers)
        typealias Part = @Sendable () -> (keys: [UInt64], values: [UInt64])
        let parts: [Part] = [
            { Self.values(of: entities.questions, .question) },
            { Self.values(of: entities.answers, .answer) },
            {
                let part = Self.values(of: entities.users, .user) { id, digest in digest ^ (hidden.contains(UserID(id)) ? Self.hiddenMark : 0) }
                // A hidden ID the archive has no user for is still shown as hidden wherever it is named.
                let hiddenOnly = hidden.filter { entities.users[$0] == nil }.map { PageInputKey.user($0).rawValue }
                guard !hiddenOnly.isEmpty else { return part }
                let joined = (zip(part.keys, part.values).map { ($0, $1) } + hiddenOnly.map { ($0, Self.hiddenMark) }).sorted { $0.0 < $1.0 }
                return (joined.map(\.0), joined.map(\.1))
            },
            { Self.values(of: entities.topics, .topic) },
            { Self.values(of: entities.articles, .article) },
            {
                Self.values(of: entities.questions, .answersOf) { id, _ in
                    var digest = ContentDigest(seed: 9)
                    // By index: a loop over the answers copied each one.
                    if let shown = answers[QuestionID(id)] {
                        for index in shown.indices {
                            let answer = shown[index].id
                            digest.add(word: UInt64(bitPattern: Int64(answer.rawValue)))
                            digest.add(word: UInt64(withdrawnAnswers.isEmpty ? 0 : withdrawnAnswers[answer]?.rawValue ?? 0))
                        }
                    }
                    return digest.finish()
                }
            },
            {
                Self.values(of: entities.topics, .topicLists) { id, _ in
                    var digest = ContentDigest(seed: 10)
                    Self.add(archive.questionsByTopic[TopicID(id)], \.id.rawValue, to: &digest)
                    Self.add(archive.articlesByTopic[TopicID(id)], \.id.rawValue, to: &digest)
                    return digest.finish()
                }
            },
            {
                Self.values(of: entities.users, .userLists) { id, _ in
                    let user = UserID(id)
                    var digest = ContentDigest(seed: 11)
                    Self.add(archive.questionsByAsker[user], \.id.rawValue, to: &digest)
                    let answers = archive.answersByAuthor[user]
                    Self.add(answers, \.id.rawValue, to: &digest)
                    Self.add(answers, \.questionID.rawValue, to: &digest)
                    Self.add(archive.articlesByAuthor[user], \.id.rawValue, to: &digest)
                    return digest.finish()
                }
            },
            {
                var about = ContentDigest(seed: 12)
                DigestEncoder.add(content.counts, to: &about)
                about.add(content.sourceBase)
                about.add(content.crawlFinishedAt ?? "\u{0}")
                let lists: [(PageInputKey.Archive, UInt64)] = [
                    (.questions, Self.digest(content.questions, \.id.rawValue)),
                    (.unanswered, Self.digest(archive.unansweredQuestions, \.id.rawValue)),
                    (.articles, Self.digest(content.articles, \.id.rawValue)),
                    (.topics, Self.digest(content.topics, \.id.rawValue)),
                    (.users, Self.digest(content.users, \.id.rawValue)),
                    (.about, about.finish()),
                ]
                return (lists.map { PageInputKey.archive($0.0).rawValue }, lists.map(\.1))
            },
        ]
        // The bodies' values (375,000 bodies at 100,000 questions): in the ledger's key order,
        // which is theirs (a body key orders by kind, then number, as `PageInputKey.body` lays
        // them out), cut into parts kept in that order.
        let bodyValues = bodies.ledger.keysAndDigests()
        let bodyParts: [Part] = stride(from: 0, to: bodyValues.count, by: Self.bodiesPerPart).map { start in
            {
                let part = bodyValues[start..<min(bodyValues.count, start + Self.bodiesPerPart)]
                return (part.map { PageInputKey.body($0.key).rawValue }, part.map(\.digest))
            }
        }
        // The lists' parts, the longest, are started first: started last, one core made the
        // users' lists alone while the other waited. Entities' kinds come before bodies', lists'
        // after (`PageInputKey.Kind`).
        let (entityParts, listParts) = (Array(parts[..<5]), Array(parts[5...]))
        let made = ParallelWork.map(listParts + entityParts + bodyParts) { $0() }
        var keys: [UInt64] = [], values: [UInt64] = []
        let count = made.reduce(0) { $0 + $1.keys.count }
        keys.reserveCapacity(count)
        values.reserveCapacity(count)
        for part in made[listParts.count...] + made[..<listParts.count] {
            keys.append(contentsOf: part.keys)
            values.append(contentsOf: part.values)
        }
        self.keys = keys
        self.values = values
    }

    /// Bodies' values made in one piece of parallel work.
    private static let bodiesPerPart = 32_768

    /// What a hidden user's value is changed by: where they are named, they show as hidden.
    private static let hiddenMark: UInt64 = 0x6869_6464_656E

    /// One key of `kind` per ID of `table`, in its order, with the table's digest or `value`'s.
    private static func values<ID: EntityID>(of table: RowDigestTable<ID>, _ kind: PageInputKey.Kind,
                                             value: ((_ id: Int, _ digest: UInt64) -> UInt64)? = nil) -> (keys: [UInt64], values: [UInt64]) {
        var keys: [UInt64] = [], values: [UInt64] = []
        keys.reserveCapacity(table.count)
        values.reserveCapacity(table.count)
        let words = table.words
        for position in stride(from: 0, to: words.count, by: 2) {
            let id = Int(Int64(bitPattern: words[position]))
            keys.append(PageInputKey(kind, id).rawValue)
            values.append(value?(id, words[position + 1]) ?? words[position + 1])
        }
        return (keys, values)
    }

    /// Whether every key is there once: two IDs folded to one key (beyond 2^56) could hide a change.
    var keysAreDistinct: Bool { zip(keys, keys.dropFirst()).allSatisfy { $0 < $1 } }

    /// The keys whose value differs between `previous` (keys ascending, each once) and `self`,
    /// or that only one of them has.
    func changed(since previous: some Sequence<(key: UInt64, value: UInt64)>) -> Set<UInt64> {
        var changed = Set<UInt64>()
        var old = previous.makeIterator()
        var last = old.next()
        var new = 0
        while true {
            if let previousKey = last?.key, new == keys.count || previousKey < keys[new] {
                changed.insert(previousKey)
                last = old.next()
            } else if new == keys.count {
                break
            } else if let (key, value) = last.map({ ($0.key, $0.value) }), key == keys[new] {
                if value != values[new] { changed.insert(key) }
                last = old.next()
                new += 1
            } else {
                changed.insert(keys[new])
                new += 1
            }
        }
        return changed
    }

    /// What changed from `base` to `self`, as a journal holds it (`PageInputsJournal`): the keys
    /// new or of another value, with their values, and the keys gone; each ascending.
    func differences(from base: InputValues) -> (changed: InputValues, removed: [UInt64]) {
        var keys: [UInt64] = [], values: [UInt64] = [], removed: [UInt64] = []
        var old = 0, new = 0
        while old < base.keys.count || new < self.keys.count {
            if new == self.keys.count || (old < base.keys.count && base.keys[old] < self.keys[new]) {
                removed.append(base.keys[old])
                old += 1
            } else if old == base.keys.count || self.keys[new] < base.keys[old] {
                keys.append(self.keys[new])
                values.append(self.values[new])
                new += 1
            } else {
                if base.values[old] != self.values[new] {
                    keys.append(self.keys[new])
                    values.append(self.values[new])
                }
                old += 1
                new += 1
            }
        }
        return (InputValues(keys: keys, values: values), removed)
    }

    /// Values with `changed` laid over them and the keys `removed` taken out (both ascending),
    /// in key order, read without being made: what `differences(from:)` took apart.
    struct Overlaid: Sequence, IteratorProtocol {
        let base: InputValues
        let changed: InputValues
        let removed: [UInt64]
        private var (nextBase, nextChanged, nextRemoved) = (0, 0, 0)

        init(_ base: InputValues, changed: InputValues, removed: [UInt64]) {
            (self.base, self.changed, self.removed) = (base, changed, removed)
        }

        mutating func next() -> (key: UInt64, value: UInt64)? {
            while nextBase < base.keys.count || nextChanged < changed.keys.count {
                if nextChanged < changed.keys.count, nextBase == base.keys.count || changed.keys[nextChanged] <= base.keys[nextBase] {
                    // A changed key replaces the base's own.
                    if nextBase < base.keys.count, base.keys[nextBase] == changed.keys[nextChanged] { nextBase += 1 }
                    defer { nextChanged += 1 }
                    return (changed.keys[nextChanged], changed.values[nextChanged])
                }
                let key = base.keys[nextBase]
                defer { nextBase += 1 }
                while nextRemoved < removed.count, removed[nextRemoved] < key { nextRemoved += 1 }
                if nextRemoved < removed.count, removed[nextRemoved] == key { continue }
                return (key, base.values[nextBase])
            }
            return nil
        }
    }

    private static func add<Items: Collection>(_ items: Items, _ id: (Items.Element) -> Int, to digest: inout ContentDigest) {
        digest.add(word: UInt64(items.count))
        for item in items { digest.add(word: UInt64(bitPattern: Int64(id(item)))) }
    }

    private static func digest<Items: Collection>(_ items: Items, _ id: (Items.Element) -> Int) -> UInt64 {
        var digest = ContentDigest(seed: 13)
        add(items, id, to: &digest)
        return digest.finish()
    }
}
