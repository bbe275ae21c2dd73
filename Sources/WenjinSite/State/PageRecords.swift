import WenjinBuildSupport

/// A run of page records as the page-inputs record (`PageInputsState`) and its journal
/// (`PageInputsJournal`) lay them out: the page count, then per page two words naming it
/// (`PageCode`), its fingerprint, its key count and its keys (`PageInputKey`). Read where it
/// lies, never copied: the records of 150,000 pages are about 70 MB.
struct PageRecords: Sendable {
    /// A page as the records name it: its kind and ID, and its page number.
    struct PageCode: Hashable, Sendable {
        let subject: UInt64
        let page: UInt64
    }

    /// One page's record: its fingerprint and its inputs' keys.
    struct Record {
        let fingerprint: PageFingerprint
        let keys: Words
    }

    /// The words the records lie in, and where each record starts among them, in the order written.
    private let words: Words
    private let starts: [Int]

    var count: Int { starts.count }

    /// The records that start at `position` of `words`, and the position after them; nil when
    /// they do not read (a count beyond what is left, a record cut short).
    init?(words: Words, at start: Int) {
        guard start < words.endIndex else { return nil }
        var position = start
        let pageCount = Int(truncatingIfNeeded: words[position])
        position += 1
        guard pageCount >= 0, pageCount <= (words.endIndex - position) / 4 else { return nil }
        var starts: [Int] = []
        starts.reserveCapacity(pageCount)
        for _ in 0..<pageCount {
            guard words.endIndex - position >= 4 else { return nil }
            let keyCount = Int(truncatingIfNeeded: words[position + 3])
            guard keyCount >= 0, keyCount <= words.endIndex - position - 4 else { return nil }
            starts.append(position)
            position += 4 + keyCount
        }
        self.words = words[start..<position]
        self.starts = starts
    }

    /// The position after the records (`init(words:at:)`).
    var end: Int { words.endIndex }

    /// The code of the `index`th page recorded.
    func code(at index: Int) -> PageCode {
        PageCode(subject: words[starts[index]], page: words[starts[index] + 1])
    }

    /// The `index`th page's record.
    func record(at index: Int) -> Record {
        let start = starts[index]
        let keyCount = Int(words[start + 3])
        return Record(fingerprint: PageFingerprint(value: words[start + 2]), keys: words[(start + 4)..<(start + 4 + keyCount)])
    }

    /// Writes `pages` (their code, fingerprint and inputs' keys), `count` of them, as `init` reads them.
    static func write(_ pages: some Sequence<(code: PageCode, fingerprint: PageFingerprint, keys: Words)>, count: Int,
                      to writer: inout SidecarWriter) {
        writer.append(UInt64(count))
        for page in pages {
            writer.append(page.code.subject)
            writer.append(page.code.page)
            writer.append(page.fingerprint.value)
            writer.append(UInt64(page.keys.count))
            page.keys.withUnsafeBytes { writer.append(bytes: $0) }
        }
    }

    /// The words of a record as its file holds them, mapped where they lie (`StateFile.mapWords`):
    /// the record is about 70 MB at 100,000 questions, which a rebuild should neither read into
    /// memory of its own (a copy, and a fault for each page of it) nor hold twice; a page's keys
    /// and the values are ranges of it. A page's keys walked anew are words of their own.
    // Unchecked: `base` points into `owner`'s words, which never change and live as long as it.
    struct Words: RandomAccessCollection, @unchecked Sendable {
        /// What keeps `base` valid: the mapping, or the words copied.
        private let owner: any WordStorage
        private let base: UnsafePointer<UInt64>
        let startIndex: Int
        let endIndex: Int

        /// The words of a file as mapped (little-endian).
        init(littleEndian mapped: MappedWords) {
            #if _endian(big)
            self.init(mapped.buffer.map { UInt64(littleEndian: $0) })
            #else
            self.init(owner: mapped, base: mapped.buffer.baseAddress!, range: 0..<mapped.buffer.count)
            #endif
        }

        /// A page's keys found by walking its inputs.
        init(_ words: some Collection<UInt64>) {
            let copied = CopiedWords(words)
            self.init(owner: copied, base: copied.base, range: 0..<words.count)
        }

        private init(owner: any WordStorage, base: UnsafePointer<UInt64>, range: Range<Int>) {
            self.owner = owner
            self.base = base
            (startIndex, endIndex) = (range.lowerBound, range.upperBound)
        }

        subscript(position: Int) -> UInt64 {
            precondition(position >= startIndex && position < endIndex, "page inputs word out of range")
            return base[position]
        }

        /// The words' bytes as a file holds them, little-endian.
        func withUnsafeBytes<Result>(_ body: (UnsafeRawBufferPointer) -> Result) -> Result {
            let words = UnsafeBufferPointer(start: base + startIndex, count: endIndex - startIndex)
            #if _endian(big)
            return words.map(\.littleEndian).withUnsafeBytes(body)
            #else
            return withExtendedLifetime(owner) { body(UnsafeRawBufferPointer(words)) }
            #endif
        }

        subscript(range: Range<Int>) -> Words {
            precondition(range.lowerBound >= startIndex && range.upperBound <= endIndex, "page inputs words out of range")
            return Words(owner: owner, base: base, range: range)
        }

        /// The words as an array of their own, copied at once (the values of a record).
        var array: [UInt64] {
            withExtendedLifetime(owner) { Array(UnsafeBufferPointer(start: base + startIndex, count: endIndex - startIndex)) }
        }
    }
}

/// What holds the words a `PageRecords.Words` reads: a file's mapping, or words copied.
protocol WordStorage: AnyObject, Sendable {}

/// A page's keys, walked anew: copied once into memory of their own, never changed.
// Unchecked: the words are written once, here, and let go only by `deinit`.
private final class CopiedWords: WordStorage, @unchecked Sendable {
    let base: UnsafePointer<UInt64>

    init(_ words: some Collection<UInt64>) {
        let buffer = UnsafeMutableBufferPointer<UInt64>.allocate(capacity: max(1, words.count))
        for (index, word) in words.enumerated() { buffer.initializeElement(at: index, to: word) }
        base = UnsafePointer(buffer.baseAddress!)
    }

    deinit { base.deallocate() }
}
