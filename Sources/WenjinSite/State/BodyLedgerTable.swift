import Synchronization
import WenjinBuildSupport

/// The body ledger's file as it lies (`BodyLedger`): one record of five words per body, sorted
/// by key — kind, number, the entry's digest, and where its texts lie in the file — and the
/// texts (`BodyLedger.Entry` sealed one by one) read back only for the bodies a build asks
/// about. At 100,000 questions the ledger holds 375,000 bodies and 99 MB; decoding every entry
/// at each build cost a one-question rebuild 0.4 s of CPU, while a rebuild needs the texts of
/// a handful.
struct BodyLedgerTable: Sendable {
    static let wordsPerRecord = 5

    /// Kind, number, digest, offset into the texts, length: `wordsPerRecord` words a body.
    private let words: [UInt64]
    /// The file the texts are read from, and where they start in it; nil for an empty table.
    private let texts: ReadableFile?
    private let textsStart: Int
    /// Where each kind's records start (`BodyKey.kindCode`), and one past the last kind's.
    private let kindStarts: [Int]
    private let textsLength: Int
    private let whole = WholeTexts()

    init() {
        words = []
        texts = nil
        textsStart = 0
        textsLength = 0
        kindStarts = [0, 0, 0, 0]
    }

    /// Records read back from a file; nil unless their keys go strictly up and every text lies
    /// within the `textsLength` bytes from `textsStart`.
    init?(words: [UInt64], texts: ReadableFile, textsStart: Int, textsLength: Int) {
        guard words.count.isMultiple(of: Self.wordsPerRecord) else { return nil }
        let count = words.count / Self.wordsPerRecord
        var kindStarts = [0, count, count, count]
        var previous: (kind: UInt64, number: Int64)?
        for index in 0..<count {
            let base = index * Self.wordsPerRecord
            let (kind, number) = (words[base], Int64(bitPattern: words[base + 1]))
            guard kind <= 2 else { return nil }
            if let previous {
                guard (previous.kind, previous.number) < (kind, number) else { return nil }
                if previous.kind != kind { for later in Int(previous.kind + 1)...Int(kind) { kindStarts[later] = index } }
            } else {
                for earlier in 0...Int(kind) { kindStarts[earlier] = index }
            }
            previous = (kind, number)
            let (offset, length) = (words[base + 3], words[base + 4])
            guard offset <= UInt64(textsLength), length <= UInt64(textsLength) - offset else { return nil }
        }
        if let previous, previous.kind < 2 { for later in Int(previous.kind + 1)...2 { kindStarts[later] = count } }
        self.words = words
        self.texts = texts
        self.textsStart = textsStart
        self.textsLength = textsLength
        self.kindStarts = kindStarts
    }

    var count: Int { words.count / Self.wordsPerRecord }

    func key(at index: Int) -> BodyKey? {
        BodyKey(kindCode: Int(words[index * Self.wordsPerRecord]), number: Int(Int64(bitPattern: words[index * Self.wordsPerRecord + 1])))
    }

    func digest(at index: Int) -> UInt64 { words[index * Self.wordsPerRecord + 2] }

    /// The position of `key`'s record. Bodies' numbers are mostly dense within a kind: first the
    /// place the number would have if none were missing, then a search by halving.
    func index(of key: BodyKey) -> Int? {
        let kind = key.kindCode
        var (low, high) = (kindStarts[kind], kindStarts[kind + 1])
        guard low < high else { return nil }
        let wanted = Int64(key.number)
        let first = Int64(bitPattern: words[low * Self.wordsPerRecord + 1])
        let (guess, overflow) = wanted.subtractingReportingOverflow(first)
        if !overflow, guess >= 0, guess < high - low, number(at: low + Int(guess)) == wanted { return low + Int(guess) }
        while low < high {
            let middle = (low + high) / 2
            let found = number(at: middle)
            if found == wanted { return middle }
            if found < wanted { low = middle + 1 } else { high = middle }
        }
        return nil
    }

    private func number(at index: Int) -> Int64 { Int64(bitPattern: words[index * Self.wordsPerRecord + 1]) }

    /// Where the entry's sealed bytes lie in the texts.
    func textRange(at index: Int) -> Range<Int> {
        let offset = Int(words[index * Self.wordsPerRecord + 3])
        return offset..<offset + Int(words[index * Self.wordsPerRecord + 4])
    }

    /// The entry at `index`, read from the file and checked against its seal; nil when it
    /// cannot be read or is damaged (the caller then works from the store, as without a ledger).
    func entry(at index: Int) -> BodyLedger.Entry? {
        guard let texts else { return nil }
        let range = textRange(at: index)
        let (start, length) = (textsStart, textsLength)
        if let all = whole.bytes(reading: { texts.read(start..<start + length) }), range.upperBound <= all.count {
            return BodyLedger.entry(sealed: Array(all[range]))
        }
        guard let sealed = texts.read(range.shifted(by: textsStart)) else { return nil }
        return BodyLedger.entry(sealed: sealed)
    }

    /// Every entry's sealed bytes, read in one go, for a ledger written whole; nil when the
    /// file cannot be read.
    func allTexts() -> [UInt8]? {
        guard let texts, count > 0 else { return [] }
        let end = (0..<count).reduce(0) { max($0, textRange(at: $1).upperBound) }
        return texts.read(textsStart..<textsStart + end)
    }
}

extension Range<Int> {
    fileprivate func shifted(by offset: Int) -> Range<Int> { (lowerBound + offset)..<(upperBound + offset) }
}

/// The ledger's texts read whole once a build has asked for many entries one by one: a build
/// that renders every page, or checks every body's links after a takedown, would otherwise make
/// a `pread` per body (0.27 s of CPU in a 10,000-question full build). A rebuild asks for a few
/// and never reads them whole.
private final class WholeTexts: Sendable {
    /// Entries read one by one before the texts are read whole.
    static let entriesAlone = 4096
    private let asked = Atomic<Int>(0)
    /// Nil until read; empty when the read failed (entries are then read one by one).
    private let held = Mutex<[UInt8]?>(nil)

    func bytes(reading read: () -> [UInt8]?) -> [UInt8]? {
        guard asked.add(1, ordering: .relaxed).newValue > Self.entriesAlone else { return nil }
        return held.withLock { held in
            if held == nil { held = read() ?? [] }
            return held
        }
    }
}
