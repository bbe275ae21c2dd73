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
        /// `LinkTargets.digests(of:)` of the content.
        let linkTargets: UInt64
        /// The digest of the content's stored images (`LinkTargets.digests`), taken in the same walk.
        let storedImages: UInt64

        init(of content: ArchiveContent) {
            let (raw, digests) = SideBySide.run({ Self.rawBodies(of: content) }, { LinkTargets.digests(of: content) })
            (self.raw, linkTargets, storedImages) = (raw, digests.links, digests.storedImages)
        }

        /// The entities are read in place, by index: a loop over them copied each question and
        /// answer, retaining every string it holds, for the ID and the one body of a few.
        private static func rawBodies(of content: ArchiveContent) -> [(key: BodyKey, html: String?)] {
            var list: [(key: BodyKey, html: String?)] = []
            list.reserveCapacity(content.questions.count + content.articles.count + content.answers.values.reduce(0) { $0 + $1.count })
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
                if !text.isEmpty { list.append((key, text)) }
            }
            let withdrawn = content.withdrawals.answers
            for index in content.questions.indices {
                let id = content.questions[index].id
                add(.question(id), id: id.rawValue, changed: questions) { content.questions[index].detailHTML }
                guard let shown = content.answers[id] else { continue }
                for place in shown.indices {
                    let answer = shown[place].id
                    guard withdrawn.isEmpty || withdrawn[answer] == nil else { continue }
                    add(.answer(answer), id: answer.rawValue, changed: answers) { shown[place].contentHTML }
                }
            }
            for index in content.articles.indices {
                let id = content.articles[index].id
                add(.article(id), id: id.rawValue, changed: articles) { content.articles[index].messageHTML }
            }
            return list
        }
    }
}
