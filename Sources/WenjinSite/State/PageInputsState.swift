import WenjinBuildSupport
import WenjinModel

/// What the last build knew of each page's inputs, published with its output as a sidecar of
/// the output manifest (`StagedOutput.publish(sidecars:)`), so it always describes the live
/// folder: the seed the fingerprints were made with, every input's value (`InputValues`), and
/// per page its fingerprint and the keys of the inputs it read (`PageInputKey`).
///
/// Little-endian 64-bit words: a format word, the seed, the value count and the keys and
/// values, the page count and per page two words naming it (`code`), its fingerprint, its key
/// count and its keys. Read strictly: anything out of place and the build walks every page.
struct PageInputsState: Sendable {
    static let sidecar = "page-inputs"
    private static let format: UInt64 = 0x3173_7475_706E_6970 // "pinputs1"

    let seed: PageFingerprint
    let values: InputValues
    /// The record as read, and where each page's record starts among its words, in the order
    /// written (the plan's): kept pages take their keys from it (`Words`) rather than from a
    /// decoded copy, and are found by their place in the plan (`places(of:)`), not by a table.
    private let words: Words
    private let starts: [Int]

    /// A page as the state names it: its kind and ID, and its page number.
    struct PageCode: Hashable, Sendable {
        let subject: UInt64
        let page: UInt64
    }

    /// One page's record: its fingerprint and its inputs' keys.
    struct Record {
        let fingerprint: PageFingerprint
        let keys: Words
    }

    /// Little-endian words read from bytes where they lie: the record is about 70 MB at
    /// 100,000 questions, which a rebuild should not hold twice.
    struct Words: RandomAccessCollection, Sendable {
        private let bytes: [UInt8]
        let startIndex: Int
        let endIndex: Int

        init(bytes: [UInt8]) {
            self.bytes = bytes
            startIndex = 0
            endIndex = bytes.count / 8
        }

        /// A page's keys found by walking its inputs, as words.
        init(_ words: [UInt64]) {
            var bytes: [UInt8] = []
            bytes.reserveCapacity(words.count * 8)
            for word in words { Swift.withUnsafeBytes(of: word.littleEndian) { bytes.append(contentsOf: $0) } }
            self.init(bytes: bytes)
        }

        private init(bytes: [UInt8], range: Range<Int>) {
            self.bytes = bytes
            (startIndex, endIndex) = (range.lowerBound, range.upperBound)
        }

        // Checked in every build: `loadUnaligned` checks its bounds only in a debug build.
        subscript(position: Int) -> UInt64 {
            precondition(position >= startIndex && position < endIndex, "page inputs word out of range")
            return bytes.withUnsafeBytes { UInt64(littleEndian: $0.loadUnaligned(fromByteOffset: position * 8, as: UInt64.self)) }
        }

        /// The words' bytes as they lie, little-endian.
        func withUnsafeBytes<Result>(_ body: (UnsafeRawBufferPointer) -> Result) -> Result {
            bytes.withUnsafeBytes { body(UnsafeRawBufferPointer(rebasing: $0[(startIndex * 8)..<(endIndex * 8)])) }
        }

        subscript(range: Range<Int>) -> Words {
            precondition(range.lowerBound >= startIndex && range.upperBound <= endIndex, "page inputs words out of range")
            return Words(bytes: bytes, range: range)
        }
    }

    init?(decoding bytes: [UInt8]) {
        guard bytes.count % 8 == 0, bytes.count >= 32 else { return nil }
        let words = Words(bytes: bytes)
        guard words[0] == Self.format else { return nil }
        seed = PageFingerprint(value: words[1])
        let valueCount = Int(truncatingIfNeeded: words[2])
        guard valueCount >= 0, valueCount <= (words.count - 4) / 2 else { return nil }
        values = InputValues(keys: Array(words[3..<(3 + valueCount)]), values: Array(words[(3 + valueCount)..<(3 + 2 * valueCount)]))
        guard values.keysAreDistinct else { return nil }
        var position = 3 + 2 * valueCount
        let pageCount = Int(truncatingIfNeeded: words[position])
        position += 1
        guard pageCount >= 0, pageCount <= (words.count - position) / 4 else { return nil }
        var starts: [Int] = []
        starts.reserveCapacity(pageCount)
        for _ in 0..<pageCount {
            guard words.count - position >= 4 else { return nil }
            let keyCount = Int(truncatingIfNeeded: words[position + 3])
            guard keyCount >= 0, keyCount <= words.count - position - 4 else { return nil }
            starts.append(position)
            position += 4 + keyCount
        }
        guard position == words.count else { return nil }
        self.words = words
        self.starts = starts
    }

    /// For each of `codes` (a plan's pages, nil for those never recorded), the index of the
    /// last build's record of that page (`record(at:)`), nil when it wrote none. The records
    /// lie in the last plan's order, so a page is looked for first at its own place among
    /// the recorded pages (a rebuild's plan is the same, or shifted after a page came or went:
    /// checked from where the last match left off); a table of codes is made only for pages
    /// found at neither place.
    func places(of codes: [PageCode?]) -> [Int?] {
        var table: [PageCode: Int]?
        var places: [Int?] = []
        places.reserveCapacity(codes.count)
        var ordinal = 0, shift = 0
        for code in codes {
            guard let code else { places.append(nil); continue }
            defer { ordinal += 1 }
            if holds(code, at: ordinal + shift) {
                places.append(ordinal + shift)
                continue
            }
            if shift != 0, holds(code, at: ordinal) {
                shift = 0
                places.append(ordinal)
                continue
            }
            if table == nil {
                var made: [PageCode: Int] = [:]
                made.reserveCapacity(starts.count)
                for index in starts.indices { made[self.code(at: index)] = index }
                table = made
            }
            let found = table?[code]
            if let found { shift = found - ordinal }
            places.append(found)
        }
        return places
    }

    /// Whether the `index`th page recorded (if there is one) is the page `code` names.
    private func holds(_ code: PageCode, at index: Int) -> Bool {
        index >= 0 && index < starts.count && self.code(at: index) == code
    }

    /// The code of the `index`th page recorded.
    private func code(at index: Int) -> PageCode {
        PageCode(subject: words[starts[index]], page: words[starts[index] + 1])
    }

    /// The `index`th page's record (`places(of:)`).
    func record(at index: Int) -> Record {
        let start = starts[index]
        let keyCount = Int(words[start + 3])
        return Record(fingerprint: PageFingerprint(value: words[start + 2]), keys: words[(start + 4)..<(start + 4 + keyCount)])
    }

    /// Writes the state for `pages` (their code, fingerprint and inputs' keys) under `seed`.
    static func write(seed: PageFingerprint, values: InputValues,
                      pages: some Sequence<(code: PageCode, fingerprint: PageFingerprint, keys: Words)>,
                      pageCount: Int, to writer: inout SidecarWriter) {
        writer.append(format)
        writer.append(seed.value)
        writer.append(UInt64(values.keys.count))
        writer.append(values.keys)
        writer.append(values.values)
        writer.append(UInt64(pageCount))
        for page in pages {
            writer.append(page.code.subject)
            writer.append(page.code.page)
            writer.append(page.fingerprint.value)
            writer.append(UInt64(page.keys.count))
            page.keys.withUnsafeBytes { writer.append(bytes: $0) }
        }
    }
}

extension PageJob {
    /// How `PageInputsState` names the page; nil for the pages whose fingerprint is walked on
    /// every build (notices, search, 404: few, and cheap).
    var inputsCode: PageInputsState.PageCode? {
        func code(_ kind: UInt64, _ id: Int = 0, page: Int = 0) -> PageInputsState.PageCode {
            PageInputsState.PageCode(subject: kind << 56 | UInt64(bitPattern: Int64(id)) & 0x00FF_FFFF_FFFF_FFFF,
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
