import WenjinBuildSupport

/// What the builds since the page-inputs record was written whole changed of it, published
/// beside it (the `page-inputs-journal` sidecar; the record itself carried as a hard link), so
/// a rebuild that walks a few pages writes those, not every page's record again.
///
/// It holds the whole difference from the record, not one build's: each build writes it anew
/// (small) as what its own full record would differ by — the values new, changed or gone since
/// the record, the pages walked since (their records replace the record's), and the recorded
/// pages no longer in the plan (so a page that comes back is walked, never taken from a record
/// made under older values). A full record is written with an empty journal, so a journal
/// missing, damaged or made against another record (`record`, the record's identity) sends the
/// build to a full walk.
///
/// Little-endian 64-bit words: a format word, the record's identity, the seed, the changed
/// values (count, keys ascending, values), the keys gone (count, ascending), the pages gone
/// (count, two words each), then the pages walked (`PageRecords`).
struct PageInputsJournal: Sendable {
    static let sidecar = "page-inputs-journal"
    private static let format: UInt64 = 0x3161_6E72_756F_6A70 // "pjourna1"

    /// The identity of the record this journal is laid over (`PageInputsState.identity`).
    let record: UInt64
    let seed: PageFingerprint
    /// Values new or changed since the record, keys ascending.
    let changed: InputValues
    /// Keys the record has and the values no longer do, ascending.
    let removedKeys: [UInt64]
    /// Pages the record lists that are no longer in the plan.
    let removedPages: Set<PageRecords.PageCode>
    /// The records of pages walked since the record was written.
    let pages: PageRecords
    private let table: [PageRecords.PageCode: Int]
    /// A bit for each code the journal names (`mayName`), so the pages it does not name, nearly
    /// all of a plan's, are passed over without looking them up.
    private let named: [UInt64]

    /// Whether it changes nothing of the record.
    var isEmpty: Bool { changed.keys.isEmpty && removedKeys.isEmpty && removedPages.isEmpty && pages.count == 0 }

    init?(decoding journal: MappedWords) {
        guard journal.buffer.count >= 7 else { return nil }
        let words = PageRecords.Words(littleEndian: journal)
        guard words[0] == Self.format else { return nil }
        record = words[1]
        seed = PageFingerprint(value: words[2])
        var position = 3
        // A count, then `width` words per item, all within the journal.
        func items(width: Int) -> Range<Int>? {
            guard position < words.count else { return nil }
            let count = Int(truncatingIfNeeded: words[position])
            guard count >= 0, count <= (words.count - position - 1) / width else { return nil }
            defer { position += 1 + count * width }
            return (position + 1)..<(position + 1 + count * width)
        }
        guard let changedWords = items(width: 2) else { return nil }
        let half = changedWords.lowerBound + changedWords.count / 2
        changed = InputValues(keys: words[changedWords.lowerBound..<half].array, values: words[half..<changedWords.upperBound].array)
        guard changed.keysAreDistinct, let removedWords = items(width: 1) else { return nil }
        removedKeys = words[removedWords].array
        guard zip(removedKeys, removedKeys.dropFirst()).allSatisfy({ $0 < $1 }), let pageWords = items(width: 2) else { return nil }
        removedPages = Set(stride(from: pageWords.lowerBound, to: pageWords.upperBound, by: 2).map {
            PageRecords.PageCode(subject: words[$0], page: words[$0 + 1])
        })
        guard let pages = PageRecords(words: words, at: position), pages.end == words.count else { return nil }
        self.pages = pages
        var table: [PageRecords.PageCode: Int] = [:]
        table.reserveCapacity(pages.count)
        for index in 0..<pages.count { table[pages.code(at: index)] = index }
        self.table = table
        var named = [UInt64](repeating: 0, count: Self.namedWords)
        for code in Array(table.keys) + removedPages { named[Self.bit(code) >> 6] |= 1 << (Self.bit(code) & 63) }
        self.named = named
    }

    /// Whether the journal may name `code` (a page of it, or a page gone); false: it does not.
    func mayName(_ code: PageRecords.PageCode) -> Bool {
        named[Self.bit(code) >> 6] & 1 << (Self.bit(code) & 63) != 0
    }

    private static let namedWords = 64
    /// One of `namedWords * 64` bits.
    private static func bit(_ code: PageRecords.PageCode) -> Int {
        Int(truncatingIfNeeded: (code.subject &* 0x9E37_79B9_7F4A_7C15 ^ code.page &* 0xC2B2_AE3D_27D4_EB4F) >> 52)
    }

    /// The index of `code`'s record among the journal's pages, when it has one.
    func place(of code: PageRecords.PageCode) -> Int? { table[code] }

    /// Writes a journal over the record `record`, made under `seed`.
    static func write(record: UInt64, seed: PageFingerprint, changed: InputValues, removedKeys: [UInt64],
                      removedPages: [PageRecords.PageCode],
                      pages: some Sequence<(code: PageRecords.PageCode, fingerprint: PageFingerprint, keys: PageRecords.Words)>,
                      pageCount: Int, to writer: inout SidecarWriter) {
        writer.append(format)
        writer.append(record)
        writer.append(seed.value)
        writer.append(UInt64(changed.keys.count))
        writer.append(changed.keys)
        writer.append(changed.values)
        writer.append(UInt64(removedKeys.count))
        writer.append(removedKeys)
        writer.append(UInt64(removedPages.count))
        for page in removedPages {
            writer.append(page.subject)
            writer.append(page.page)
        }
        PageRecords.write(pages, count: pageCount, to: &writer)
    }
}
