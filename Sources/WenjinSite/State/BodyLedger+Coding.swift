/// How the body ledger writes one entry: sealed on its own in the ledger file's texts, after
/// its key in the journal (`BodyLedgerJournal`).
extension BodyLedger {
    /// An entry's texts as the ledger file keeps them, sealed.
    static func sealed(_ entry: Entry) -> [UInt8] {
        var writer = ByteWriter()
        add(entry, to: &writer)
        return writer.sealed
    }

    /// What `sealed` wrote; nil when damaged.
    static func entry(sealed bytes: [UInt8]) -> Entry? {
        guard var reader = try? ByteReader(sealed: bytes), let entry = try? entry(from: &reader), reader.isAtEnd else { return nil }
        return entry
    }

    /// One entry as the journal writes it: its key, then its fields.
    static func add(_ entry: Entry, key: BodyKey, to writer: inout ByteWriter) {
        writer.add(key.kindCode)
        writer.add(key.number)
        add(entry, to: &writer)
    }

    fileprivate static func add(_ entry: Entry, to writer: inout ByteWriter) {
        writer.add(entry.rawDigest)
        writer.add(entry.contentHash.words.0)
        writer.add(entry.contentHash.words.1)
        writer.add(entry.contentHash.words.2)
        writer.add(entry.contentHash.words.3)
        writer.add(entry.htmlDigest)
        writer.add(entry.links.count)
        for link in entry.links {
            writer.add(link.kind)
            writer.add(link.id)
            writer.add(link.answerID)
            writer.add(link.token)
            writer.add(link.localPath)
        }
        writer.add(entry.text)
    }

    static func entry(keyed reader: inout ByteReader) throws(ByteReader.Malformed) -> (key: BodyKey, entry: Entry) {
        guard let key = BodyKey(kindCode: try reader.integer(), number: try reader.integer()) else { throw ByteReader.Malformed() }
        return (key, try entry(from: &reader))
    }

    fileprivate static func entry(from reader: inout ByteReader) throws(ByteReader.Malformed) -> Entry {
        let rawDigest = try reader.word()
        let contentHash = CacheKeyHash(words: (try reader.word(), try reader.word(), try reader.word(), try reader.word()))
        let htmlDigest = try reader.word()
        var links: [RecordedLink] = []
        for _ in 0..<(try reader.count()) {
            links.append(RecordedLink(kind: try reader.string(), id: try reader.optionalInteger(),
                                      answerID: try reader.optionalInteger(), token: try reader.optionalString(),
                                      localPath: try reader.optionalString()))
        }
        return Entry(rawDigest: rawDigest, contentHash: contentHash, htmlDigest: htmlDigest, links: links, text: try reader.string())
    }
}
