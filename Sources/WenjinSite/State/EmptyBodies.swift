import Foundation
import WenjinStore

/// The bodies the last build found empty, kept in the store's folder (`.wenjin/bodies.empty`)
/// with the store's counter of the snapshot they were empty in. (Those it looked up were read
/// after the snapshot: one a crawl wrote since has a counter above `seen`, so no build this
/// file vouches for takes its body from here; its row comes with the read.)
///
/// The body ledger holds an entry only for a body with text, so without this a rebuild could
/// not tell an empty body of an unchanged row from one the ledger never saw, and asked the
/// store for each: at 100,000 sample questions, 17,800 look-ups of empty question bodies that
/// read 33 MB of the store on every rebuild. A row unchanged since the counter its read started
/// from (`RowsRead`) is unchanged since any later one, so a body empty at `seen` is empty now
/// when `seen` is at or after that counter (`vouched(for:now:)`); any other body is looked up.
struct EmptyBodies: Sendable, Equatable {
    static let fileName = "bodies.empty"
    private static let format = "wenjin empty bodies 1"

    /// The store's counter of the snapshot the bodies were empty in.
    let seen: StoreChanges
    let keys: Set<BodyKey>

    init(seen: StoreChanges, keys: Set<BodyKey>) {
        self.seen = seen
        self.keys = keys
    }

    /// These when they say what the bodies of rows a read left out (`read`: those unchanged since
    /// its counter) hold in the snapshot at `now`: the same store, and `seen` between the two
    /// counters; nil otherwise (a read of every row brings every body).
    func vouched(for read: RowsRead, now: StoreChanges?) -> EmptyBodies? {
        guard case .changedAfter(let counter, _) = read, let now, seen.token == now.token, counter <= seen.counter,
              seen.counter <= now.counter else { return nil }
        return self
    }

    /// The file in `folder`; nil when there is none or it cannot be read (then every body the
    /// ledger lacks is looked up, as before the file existed).
    static func load(from folder: URL) -> EmptyBodies? {
        guard let bytes = StateFile.read(folder.appendingPathComponent(fileName)), var reader = try? ByteReader(sealed: bytes)
        else { return nil }
        return try? EmptyBodies(reading: &reader)
    }

    private init(reading reader: inout ByteReader) throws(ByteReader.Malformed) {
        guard try reader.string() == Self.format else { throw ByteReader.Malformed() }
        seen = StoreChanges(token: try reader.string(), counter: try reader.integer())
        var keys = Set<BodyKey>()
        let count = try reader.count()
        keys.reserveCapacity(count)
        for _ in 0..<count {
            guard let key = BodyKey(kindCode: try reader.integer(), number: try reader.integer()) else { throw ByteReader.Malformed() }
            keys.insert(key)
        }
        guard reader.isAtEnd else { throw ByteReader.Malformed() }
        self.keys = keys
    }

    /// Replaces the file in `folder`. Not fatal when it fails: the next build then looks up more.
    func save(in folder: URL) {
        var writer = ByteWriter()
        writer.add(Self.format)
        writer.add(seen.token)
        writer.add(seen.counter)
        writer.add(keys.count)
        for key in keys.sorted() {
            writer.add(key.kindCode)
            writer.add(key.number)
        }
        StateFile.replace(Self.fileName, in: folder, with: writer.sealed)
    }
}
