import WenjinBuildSupport
import WenjinModel

/// What the last build knew of each page's inputs, published with its output as sidecars of
/// the output manifest (`StagedOutput.publish(sidecars:)`), so it always describes the live
/// folder: the seed the fingerprints were made with, every input's value (`InputValues`), and
/// per page its fingerprint and the keys of the inputs it read (`PageInputKey`). A build that
/// changes a few pages publishes the last record again as it is (a hard link) with a journal
/// of what it changed (`PageInputsJournal`), rather than 70 MB written anew at 100,000 questions.
///
/// Little-endian 64-bit words: a format word, the record's identity, the seed, the value count
/// and the keys and values, then the pages (`PageRecords`). Read strictly, with its journal:
/// anything out of place in either and the build walks every page.
struct PageInputsState: Sendable {
    static let sidecar = "page-inputs"
    private static let format: UInt64 = 0x3273_7475_706E_6970 // "pinputs2"

    /// Tells this record from every other one written, so a journal is laid only over the
    /// record it was made against (`PageInputsJournal`).
    let identity: UInt64
    let seed: PageFingerprint
    /// The record's own values, which the next build's journal is made against.
    let recordedValues: InputValues
    /// The pages as the record lists them, in the order written (the plan's): kept pages take
    /// their keys from it (`PageRecords.Words`) rather than from a decoded copy, and are found
    /// by their place in the plan (`places(of:)`), not by a table.
    private let records: PageRecords
    /// What the builds since the record changed of it.
    private let journal: PageInputsJournal

    /// Where the last build's record of a page lies: in the record, or in the journal that
    /// replaced it since.
    enum Place: Equatable, Sendable {
        case recorded(Int)
        case journaled(Int)
    }

    /// How many pages the record (not the journal) lists.
    var recordedCount: Int { records.count }

    /// The record and the journal the last build published; nil when either is out of place,
    /// or the journal follows another record.
    init?(decoding record: MappedWords, journal journalWords: MappedWords) {
        guard record.buffer.count >= 5 else { return nil }
        let words = PageRecords.Words(littleEndian: record)
        guard words[0] == Self.format else { return nil }
        identity = words[1]
        seed = PageFingerprint(value: words[2])
        let valueCount = Int(truncatingIfNeeded: words[3])
        guard valueCount >= 0, valueCount <= (words.count - 5) / 2 else { return nil }
        recordedValues = InputValues(keys: words[4..<(4 + valueCount)].array, values: words[(4 + valueCount)..<(4 + 2 * valueCount)].array)
        guard recordedValues.keysAreDistinct, let records = PageRecords(words: words, at: 4 + 2 * valueCount), records.end == words.count,
              let journal = PageInputsJournal(decoding: journalWords), journal.record == identity, journal.seed == seed else { return nil }
        self.records = records
        self.journal = journal
    }

    /// Every input's value when the last build fingerprinted its pages, in key order: the
    /// record's, with the journal's changes laid over them as they are read (not made: a
    /// million values at 100,000 questions).
    var values: InputValues.Overlaid { InputValues.Overlaid(recordedValues, changed: journal.changed, removed: journal.removedKeys) }

    /// For each of `codes` (a plan's pages, nil for those never recorded), where the last
    /// build's record of that page lies (`record(at:)`), nil when it wrote none. A page the
    /// journal names is found there; the others lie in the record in the last full plan's
    /// order, so a page is looked for first at its own place among the recorded pages (a
    /// rebuild's plan is the same, or shifted after a page came or went: checked from where the
    /// last match left off); a table of codes is made only for pages found at neither place.
    func places(of codes: [PageRecords.PageCode?]) -> [Place?] {
        var table: [PageRecords.PageCode: Int]?
        var places: [Place?] = []
        places.reserveCapacity(codes.count)
        var ordinal = 0, shift = 0
        for code in codes {
            guard let code else { places.append(nil); continue }
            defer { ordinal += 1 }
            if !journal.isEmpty, journal.mayName(code) {
                if let index = journal.place(of: code) {
                    places.append(.journaled(index))
                    continue
                }
                if journal.removedPages.contains(code) {
                    places.append(nil)
                    continue
                }
            }
            if holds(code, at: ordinal + shift) {
                places.append(.recorded(ordinal + shift))
                continue
            }
            if shift != 0, holds(code, at: ordinal) {
                shift = 0
                places.append(.recorded(ordinal))
                continue
            }
            if table == nil {
                var made: [PageRecords.PageCode: Int] = [:]
                made.reserveCapacity(records.count)
                for index in 0..<records.count { made[records.code(at: index)] = index }
                table = made
            }
            let found = table?[code]
            if let found { shift = found - ordinal }
            places.append(found.map { .recorded($0) })
        }
        return places
    }

    /// Whether the `index`th page recorded (if there is one) is the page `code` names.
    private func holds(_ code: PageRecords.PageCode, at index: Int) -> Bool {
        index >= 0 && index < records.count && records.code(at: index) == code
    }

    /// The code of the `index`th page of the record.
    func recordedCode(at index: Int) -> PageRecords.PageCode { records.code(at: index) }

    /// The page's record at `place` (`places(of:)`).
    func record(at place: Place) -> PageRecords.Record {
        switch place {
        case .recorded(let index): records.record(at: index)
        case .journaled(let index): journal.pages.record(at: index)
        }
    }

    /// Writes the record of `pages` (their code, fingerprint and inputs' keys), `pageCount` of
    /// them, made under `seed` with `values`; `identity` tells it from any other record.
    static func write(identity: UInt64, seed: PageFingerprint, values: InputValues,
                      pages: some Sequence<(code: PageRecords.PageCode, fingerprint: PageFingerprint, keys: PageRecords.Words)>,
                      pageCount: Int, to writer: inout SidecarWriter) {
        writer.append(format)
        writer.append(identity)
        writer.append(seed.value)
        writer.append(UInt64(values.keys.count))
        writer.append(values.keys)
        writer.append(values.values)
        PageRecords.write(pages, count: pageCount, to: &writer)
    }
}

extension PageJob {
    /// How `PageInputsState` names the page; nil for the pages whose fingerprint is walked on
    /// every build (notices, search, 404: few, and cheap).
    var inputsCode: PageRecords.PageCode? {
        func code(_ kind: UInt64, _ id: Int = 0, page: Int = 0) -> PageRecords.PageCode {
            PageRecords.PageCode(subject: kind << 56 | UInt64(bitPattern: Int64(id)) & 0x00FF_FFFF_FFFF_FFFF,
                                     page: UInt64(bitPattern: Int64(page)))
        }
        return switch self {
        case .home(let page): code(1, page: page)
        case .unanswered(let page): code(2, page: page)
        case .articleList(let page): code(3, page: page)
        case .topicsIndex(let page): code(4, page: page)
        case .usersIndex(let page): code(5, page: page)
        case .question(let id): code(6, id.rawValue)
        case .article(let id): code(7, id.rawValue)
        case .user(let id, let page): code(8, id.rawValue, page: page)
        case .topic(let id, let page): code(9, id.rawValue, page: page)
        case .about: code(10)
        case .withdrawn, .search, .notFound: nil
        }
    }
}
