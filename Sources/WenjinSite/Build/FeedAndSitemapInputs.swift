import WenjinBuildSupport
import WenjinModel

/// Fingerprints of the sitemap and the feeds from their inputs, as `PageInputs` does for pages,
/// so a rebuild keeps them without making them: a feed is its questions (with their askers,
/// topics and bodies), a sitemap its pages' paths and dates, each with the site-wide seed.
struct FeedAndSitemapInputs {
    let entities: EntityDigests
    let bodies: SanitizedBodies
    let seed: PageFingerprint

    /// The sitemap's files, all from one digest of every entry.
    func sitemap(_ entries: [SitemapEntry], file: String) -> PageFingerprint {
        var digest = ContentDigest(seed: seed.value)
        digest.add(file)
        digest.add(word: UInt64(entries.count))
        for entry in entries {
            digest.add(entry.path)
            digest.add(word: entry.lastModified.map { $0.timeIntervalSinceReferenceDate.bitPattern } ?? 0)
        }
        return PageFingerprint(value: digest.finish())
    }

    /// A feed of `questions` under `title` (which names the topic of a topic's feed).
    func feed(_ file: String, title: String, questions: ArraySlice<Question>) -> PageFingerprint {
        var digest = ContentDigest(seed: seed.value)
        digest.add(file)
        digest.add(title)
        digest.add(word: UInt64(questions.count))
        for question in questions {
            digest.add(word: entities.questions[question.id] ?? 0)
            digest.add(word: bodies.digest(.question(question.id)))
            if let asker = question.askerID, !question.isAnonymous { digest.add(word: entities.users[asker] ?? 1) }
            for topic in question.topicIDs { digest.add(word: entities.topics[topic] ?? 1) }
        }
        return PageFingerprint(value: digest.finish())
    }
}
