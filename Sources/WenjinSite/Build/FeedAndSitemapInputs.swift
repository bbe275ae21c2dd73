import WenjinBuildSupport
import WenjinModel

/// Fingerprints of the sitemap and the feeds from their inputs, as `PageInputs` does for pages,
/// so a rebuild keeps them without making them: a feed is its questions (with their askers,
/// topics and bodies), a sitemap its pages' paths and dates, each with the site-wide seed.
struct FeedAndSitemapInputs {
    let entities: EntityDigests
    let bodies: SanitizedBodies
    let seed: PageFingerprint

    /// The sitemap's files, each from its name and one digest of every entry (taken once: a
    /// large archive's sitemap lists 150,000 pages in several files).
    func sitemap(_ entries: [SitemapEntry], files: [SitePath]) -> [PageFingerprint] {
        var all = ContentDigest(seed: seed.value)
        all.add(word: UInt64(entries.count))
        for entry in entries {
            all.add(entry.path)
            all.add(word: entry.lastModified.map { $0.timeIntervalSinceReferenceDate.bitPattern } ?? 0)
        }
        let entriesDigest = all.finish()
        return files.map { file in
            var digest = ContentDigest(seed: seed.value)
            digest.add(file.text)
            digest.add(word: entriesDigest)
            return PageFingerprint(value: digest.finish())
        }
    }

    /// A feed of `questions` under `title` (the topic's title as stored, for a topic's feed; the
    /// site's title, which the seed covers too, for the site's).
    func feed(_ file: String, title: String, questions: ArraySlice<Question>) -> PageFingerprint {
        var digest = ContentDigest(seed: seed.value)
        digest.add(file)
        digest.add(title)
        digest.add(word: UInt64(questions.count))
        // By index and field, not a copy of each question (a rebuild digests every topic's feed).
        for index in questions.indices {
            let id = questions[index].id
            digest.add(word: entities.questions[id] ?? 0)
            digest.add(word: bodies.digest(.question(id)))
            if let asker = questions[index].askerID, !questions[index].isAnonymous { digest.add(word: entities.users[asker] ?? 1) }
            for topic in questions[index].topicIDs { digest.add(word: entities.topics[topic] ?? 1) }
        }
        return PageFingerprint(value: digest.finish())
    }
}
