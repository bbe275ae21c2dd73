/// Reads an encoded state (or its journal) in order, a window at a time, checksumming each
/// byte as it is first read: an item cut by the window's end is read again from its start once
/// the window has moved on, so a file of any size is decoded in one pass without being held.
struct SearchStateWindows {
    /// Appends the bytes of a range to the window; false when they cannot all be read.
    private let read: (Range<Int>, inout [UInt8]) -> Bool
    /// Where the checksummed bytes end (the checksum word follows).
    private let end: Int
    private let size: Int
    /// The offset in the file of the window's first byte.
    private var windowStart: Int
    private var window: [UInt8]
    private var reader: SearchStateReader
    private var checksum = SearchChecksumStream()

    /// Bytes `start..<end` of a file whose first `start` bytes, `head`, were read already.
    init(head: [UInt8], end: Int, window size: Int, read: @escaping (Range<Int>, inout [UInt8]) -> Bool) throws(SearchStateError) {
        self.read = read
        self.end = end
        self.size = max(1, size)
        checksum.add(head[...])
        windowStart = head.count
        var window: [UInt8] = []
        window.reserveCapacity(min(end - head.count, self.size))
        guard read(head.count..<min(end, head.count + self.size), &window) else { throw SearchStateError(problem: "unreadable") }
        self.window = window
        checksum.add(window[...])
        reader = SearchStateReader(window, end: window.count)
    }

    /// The next item as `parse` reads it, given the reader and the file offset of its bytes'
    /// start; nil when the bytes end before the item does.
    mutating func next<Item>(_ parse: (inout SearchStateReader, Int) -> Item?) throws(SearchStateError) -> Item? {
        while true {
            let start = reader.position
            if let item = parse(&reader, windowStart) { return item }
            let windowEnd = windowStart + window.count
            guard windowEnd < end else { return nil }
            // The window's storage is kept: the reader lets go of it, the unread bytes move to its
            // front and the next ones are read in behind them.
            reader = SearchStateReader([], end: 0)
            window.removeSubrange(..<start)
            let kept = window.count
            guard read(windowEnd..<min(end, windowEnd + max(size, kept)), &window) else { throw SearchStateError(problem: "unreadable") }
            checksum.add(window[kept...])
            windowStart += start
            reader = SearchStateReader(window, end: window.count)
        }
    }

    /// Items parsed straight from the window's bytes while whole ones lie there, for a long run
    /// of small items (a state's records), where `next`'s checks per item cost more than the
    /// items: `parse` reads one at `position` of the window (whose first byte is at the file
    /// offset it is given), moving `position` past it, or returns false (an item cut by the
    /// window's end, or malformed) with `position` left where the item starts; `next` then
    /// takes that item over. At most `limit` items; returns how many were parsed.
    mutating func parseInWindow(upTo limit: Int, _ parse: (UnsafeBufferPointer<UInt8>, inout Int, Int) -> Bool) -> Int {
        var position = reader.position
        var parsed = 0
        let start = windowStart
        window.withUnsafeBufferPointer { buffer in
            while parsed < limit, parse(buffer, &position, start) { parsed += 1 }
        }
        reader.skip(to: position)
        return parsed
    }

    /// Whether every byte before the checksum was decoded, and the checksum `stored` is theirs:
    /// the windows cover the bytes in order, each read once.
    func finished(checksum stored: UInt64) throws(SearchStateError) {
        guard windowStart + reader.position == end else { throw SearchStateError(problem: "bytes after the last document") }
        guard checksum.finish() == stored else { throw SearchStateError(problem: "checksum mismatch") }
    }
}
