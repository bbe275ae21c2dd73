import WenjinBuildSupport

/// A state read with, and published as, its previous file and a journal (`SearchStateJournal`):
/// a rebuild carries the file as it is and writes only what changed (docs/design.md#search).
extension SearchIndexState {
    /// The same from a file and the journal published with it (`journal()`): the file's records
    /// with the journal's in their place, under the journal's layout and stamps.
    package init(decoding file: ReadableFile, journal: [UInt8]) throws(SearchStateError) {
        self = try SearchStateJournal.apply(journal, to: SearchStateCoding.decode(file: file))
    }

    /// The same from bytes.
    package init(decoding bytes: [UInt8], journal: [UInt8]) throws(SearchStateError) {
        self = try SearchStateJournal.apply(journal, to: SearchStateCoding.decode(bytes))
    }

    /// The journal to publish beside this state written whole (`write(into:)` returned `written`): it replaces nothing.
    package func journal(over written: Written) -> [UInt8] {
        SearchStateJournal.encode(self, over: written, documents: documentCount, entries: [])
    }

    /// The journal making this state from the bytes of the state it was patched from (read
    /// with its own journal), which are to be published again as they are; nil when this state
    /// was not patched from one, when the journal would outgrow an eighth of those bytes, or
    /// when it replaces the record of a document whose key `withheld` names (then the state is
    /// written whole, which folds the journal in: a withheld document's old text, still in
    /// the previous bytes, must not be published again with them), or when such a record
    /// cannot be read or is damaged.
    package func journal(withheld: (UInt64) -> Bool = { _ in false }) -> [UInt8]? {
        let previous: StoredDocuments
        var replaced: [(number: Int, document: SearchDocument, source: SearchSource)] = []
        switch documents {
        case .stored(let stored):
            guard !stored.journal.isEmpty else { return nil }
            return stored.journal
        case .pending(.all):
            return nil
        case .pending(.patched(let stored, let made)):
            // Once emptied, a withheld document's record has nothing left to leak, unless the record
            // is the earlier journal's: then an older one of it still lies in the previous bytes.
            guard !made.contains(where: { replaced in
                guard withheld(replaced.source.key) else { return false }
                guard !stored.journaled.contains(replaced.number), let record = stored.fields(replaced.number) else { return true }
                return !record.text.isEmpty || !record.title.isEmpty && replaced.document.title.isEmpty
            }) else { return nil }
            previous = stored
            replaced = made
        }
        // The earlier journal's records, less those replaced again, then the new ones, by number.
        var entries: [(number: Int, entry: SearchStateJournal.Entry)] = []
        var bytes = 0
        var next = replaced.startIndex
        for number in previous.journaled {
            while next < replaced.endIndex && replaced[next].number < number {
                entries.append((replaced[next].number, .made(replaced[next].document, replaced[next].source)))
                next += 1
            }
            if next < replaced.endIndex && replaced[next].number == number { continue }
            let record = previous.records[number]
            let range = record.bytes
            entries.append((number, .copied(key: record.key, digest: record.digest,
                                            fields: previous.journal[(range.lowerBound - previous.baseCount)..<(range.upperBound - previous.baseCount)])))
            bytes += range.count + 16
        }
        for (number, document, source) in replaced[next...] { entries.append((number, .made(document, source))) }
        bytes += replaced.reduce(0) { $0 + 56 + $1.document.url.utf8.count + $1.document.title.utf8.count + $1.document.text.utf8.count }
        guard bytes <= max(1 << 16, previous.baseCount / 8) else { return nil }
        return SearchStateJournal.encode(self, over: Written(count: previous.baseCount, checksum: previous.checksum),
                                         documents: previous.records.count, entries: entries)
    }

    /// The number of documents.
    var documentCount: Int {
        switch documents {
        case .stored(let stored): stored.records.count
        case .pending(.all(_, _, let order)): order.count
        case .pending(.patched(let stored, _)): stored.records.count
        }
    }
}
