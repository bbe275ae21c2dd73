import WenjinBuildSupport
import WenjinModel

extension SanitizedBodies {
    /// What `make` works from, taken of the content while it still holds the bodies the read
    /// brought: every body that may be shown and the digest of what links resolve to. Both walk
    /// the whole archive (375,000 bodies at 100,000 questions), so they are taken side by side.
    struct Inputs: Sendable {
        /// Every body of the archive that may be shown, in the archive's order: with its raw
        /// HTML when the read brought it (empty ones left out), nil when the read left it out as
        /// unchanged. A withdrawn answer has none (`withdrawing` emptied it).
        let raw: [(key: BodyKey, html: String?)]
        /// The bodies the read brought empty (a question without details): shown, but not in `raw`.
        let empty: [BodyKey]
        /// `LinkTargets.digests(of:)` of the content.
        let linkTargets: UInt64
        /// The digest of the content's stored images (`LinkTargets.digests`), taken in the same walk.
        let storedImages: UInt64

        init(of content: ArchiveContent) {
            // The questions' bodies in two halves, each on a core, beside the link targets: one
            // walk of them all was the read step's last work, alone on one core.
            let (half, count) = (content.questions.count / 2, content.questions.count)
            let answers = content.answers.values.reduce(0) { $0 + $1.count }
            // The first half's list has room for the second's, appended without a copy of its own.
            var ((raw, empty), back, digests) = SideBySide.run({
                Self.rawBodies(of: content, questions: 0..<half, articles: false, capacity: count + answers + content.articles.count)
            }, {
                Self.rawBodies(of: content, questions: half..<count, articles: true,
                               capacity: count - half + answers / 2 + content.articles.count)
            }, { LinkTargets.digests(of: content) })
            raw.append(contentsOf: back.raw)
            empty.append(contentsOf: back.empty)
            (self.raw, self.empty) = (raw, empty)
            (linkTargets, storedImages) = (digests.links, digests.storedImages)
        }

        /// The bodies of the questions at `questions` in the archive's order, each followed by
        /// its answers', then the articles' when asked. The entities are read in place, by index:
        /// a loop over them copied each question and answer, retaining every string it holds,
        /// for the ID and the one body of a few.
        private static func rawBodies(of content: ArchiveContent, questions range: Range<Int>, articles withArticles: Bool,
                                      capacity: Int) -> (raw: [(key: BodyKey, html: String?)], empty: [BodyKey]) {
            var list: [(key: BodyKey, html: String?)] = [], empty: [BodyKey] = []
            list.reserveCapacity(capacity)
            // The tables' changed rows looked up once, and none asked of a table with none: at
            // 100,000 questions these were 950,000 look-ups, mostly of empty tables.
            let (questions, answers, articles) = (content.rowsRead.changedIDs(.questions), content.rowsRead.changedIDs(.answers),
                                                  content.rowsRead.changedIDs(.articles))
            func add(_ key: BodyKey, id: Int, changed: Set<Int>?, html: () -> String) {
                guard changed.map({ !$0.isEmpty && $0.contains(id) }) ?? true else {
                    list.append((key, nil))
                    return
                }
                let text = html()
                if text.isEmpty { empty.append(key) } else { list.append((key, text)) }
            }
            let withdrawn = content.withdrawals.answers
            for index in range {
                let id = content.questions[index].id
                add(.question(id), id: id.rawValue, changed: questions) { content.questions[index].detailHTML }
                guard let shown = content.answers[id] else { continue }
                for place in shown.indices {
                    let answer = shown[place].id
                    guard withdrawn.isEmpty || withdrawn[answer] == nil else { continue }
                    add(.answer(answer), id: answer.rawValue, changed: answers) { shown[place].contentHTML }
                }
            }
            for index in content.articles.indices where withArticles {
                let id = content.articles[index].id
                add(.article(id), id: id.rawValue, changed: articles) { content.articles[index].messageHTML }
            }
            return (list, empty)
        }
    }
}
