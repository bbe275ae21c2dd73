import Foundation
import WenjinBuildSupport

/// Patching the previous index rather than writing it again. It applies only when the caller's
/// documents are the previous ones by key, numbered as before, under the same layout; it makes
/// only the documents whose source digest moved, and decides everything before a file is handed
/// on, so a refusal (any surprise in the state or in a previous file) leaves the caller free to
/// write the whole index instead.
extension SearchIndex {
    struct Update {
        var outputs: [SearchIndexOutput]
        var report: SearchIndexReport
        var state: SearchIndexState
    }

    /// One document's change of one term: its title bit before and after (nil: absent).
    private struct TermChange {
        var number: UInt32
        var old: UInt32?
        var new: UInt32?
    }

    /// The files to write and carry over, or nil when the index must be written in full.
    static func update(sources: [SearchSource], make: (Int) -> SearchDocument, layout: Layout, previous: SearchIndexState,
                       previousFile: (SitePath) -> Data?) -> Update? {
        guard previous.layout == layout, let stored = previous.storedDocuments(), stored.records.count == sources.count else { return nil }
        // Each previous document's position among the sources, by key: every key once on both sides.
        guard var positions = SearchKeyTable(sources) else { return nil }
        var remade: [(number: Int, position: Int)] = []
        for (number, record) in stored.records.enumerated() {
            guard let position = positions.take(record.key) else { return nil }
            if sources[position].digest != record.digest { remade.append((number, position)) }
        }
        return update(remade: remade.map { ($0.number, sources[$0.position]) }, make: { make(remade[$0].position) }, layout: layout,
                      previous: previous, stored: stored, previousFile: previousFile)
    }

    /// The same from the sources of only the documents that may have changed since `previous`
    /// (`changed`, any order, `make` by position in it), the caller vouching that every other
    /// document is as `previous` recorded it and that there are `count` in all, under the same
    /// keys. Nil when a key of `changed` is not among the previous documents' (or twice in it),
    /// or whatever else makes the patch refuse.
    static func update(changed: [SearchSource], count: Int, make: (Int) -> SearchDocument, layout: Layout, previous: SearchIndexState,
                       previousFile: (SitePath) -> Data?) -> Update? {
        guard previous.layout == layout, let stored = previous.storedDocuments(), stored.records.count == count,
              var positions = SearchKeyTable(changed) else { return nil }
        // One pass over the previous keys: a table of the few changed keys, mostly empty slots.
        var remade: [(number: Int, position: Int)] = []
        var found = 0
        for (number, record) in stored.records.enumerated() {
            guard let position = positions.take(record.key) else { continue }
            found += 1
            if changed[position].digest != record.digest { remade.append((number, position)) }
        }
        guard found == changed.count else { return nil }
        return update(remade: remade.map { ($0.number, changed[$0.position]) }, make: { make(remade[$0].position) }, layout: layout,
                      previous: previous, stored: stored, previousFile: previousFile)
    }

    /// The patch for the documents `remade` (ascending numbers, each with its new source; `make`
    /// by position in `remade`), every other document as `stored` holds it.
    private static func update(remade sourcesOfRemade: [(number: Int, source: SearchSource)], make: (Int) -> SearchDocument, layout: Layout,
                               previous: SearchIndexState, stored: SearchIndexState.StoredDocuments,
                               previousFile: (SitePath) -> Data?) -> Update? {
        let documentCount = stored.records.count
        let remade = sourcesOfRemade.map(\.number)
        if remade.isEmpty {
            return Update(outputs: allUnchanged(previous), report: report(previous, documents: documentCount), state: previous)
        }

        // The documents whose inputs changed, made, and their records read back (nil, and the
        // whole index written, when one is damaged); each keeps its URL, and its place among its
        // neighbours as they are now (numbers follow weights: `ranksBefore`).
        var made: [Int: SearchDocument] = [:]
        var records: [Int: SearchIndexState.Fields] = [:]
        for (index, number) in remade.enumerated() {
            made[number] = make(index)
            guard let record = stored.fields(number) else { return nil }
            records[number] = record
        }
        /// A document as it is now; an empty one for a record that cannot be read, which `readFailed` then tells.
        func current(_ number: Int) -> SearchDocument {
            made[number] ?? stored.document(number) ?? SearchDocument(title: "", text: "", url: "", kind: .question, weight: 0)
        }
        for number in remade {
            let document = made[number]!
            let record = records[number]!
            guard same(document.url, record.url, in: record) else { return nil }
            if document.weight != record.weight {
                if number > 0 && !ranksBefore(current(number - 1), document) { return nil }
                if number + 1 < documentCount && !ranksBefore(document, current(number + 1)) { return nil }
            }
        }

        // Which documents changed, and in what: their document file, their terms.
        var changedFiles = Set<Int>()
        var changes: [Int: [String: [TermChange]]] = [:]
        var textBytes = previous.textBytes
        let perFile = max(1, layout.documentsPerFile)
        for number in remade {
            let record = records[number]!
            let document = made[number]!
            textBytes += Self.textBytes([document]) - record.textBytes
            let sameTitle = same(document.title, record.title, in: record)
            let sameText = same(document.text, record.text, in: record)
            if sameTitle && sameText && document.kind == record.kind && document.indexesTitle == record.indexesTitle {
                continue
            }
            if !sameTitle || !sameText || document.kind != record.kind { changedFiles.insert(number / perFile) }
            let sameTerms = sameText && document.indexesTitle == record.indexesTitle && (sameTitle || !record.indexesTitle)
            if sameTerms { continue }
            let old = termFlags(title: record.indexesTitle ? record.string(record.title) : nil, text: record.string(record.text))
            let new = termFlags(title: document.indexesTitle ? document.title : nil, text: document.text)
            for term in Set(old.keys).union(new.keys) where old[term] != new[term] {
                let shard = SearchShardKey(term: term, shardCount: previous.shardCount).number
                changes[shard, default: [:]][term, default: []].append(
                    TermChange(number: UInt32(number), old: old[term], new: new[term]))
            }
        }

        // The shards holding a term gained or lost, patched; the estimate must keep the shard count.
        var shardStamps = previous.shards
        var patched: [Int: MadeFile] = [:]
        var estimate = previous.estimatedBytes
        let digits = previous.digits
        for (shard, terms) in changes {
            let name = SearchShardKey(number: shard).name(digits: digits)
            let path = SearchShardFile.path(name: name, layout: layout)
            guard let data = previousFile(path) else { return nil }
            let bytes = [UInt8](data)
            guard SearchIndexState.Stamp(bytes, terms: previous.shards[shard].terms) == previous.shards[shard],
                  let file = patch(bytes, name: name, changes: terms, estimate: &estimate)
            else { return nil }
            let made = MadeFile(path: path, bytes: file.bytes, terms: file.terms)
            shardStamps[shard] = made.stamp
            patched[shard] = made
        }
        guard shardCount(estimatedBytes: estimate, target: layout.targetShardBytes) == previous.shardCount else { return nil }

        var fileStamps = previous.documentFiles
        var madeFiles: [Int: MadeFile] = [:]
        for number in changedFiles {
            let file = documentFile(number: number, count: documentCount, layout: layout, document: current)
            fileStamps[number] = file.stamp
            madeFiles[number] = file
        }
        let manifest = manifest(shardCount: previous.shardCount, documents: documentCount, layout: layout)

        var outputs: [SearchIndexOutput] = []
        for shard in 0..<previous.shardCount {
            let path = SearchShardFile.path(name: SearchShardKey(number: shard).name(digits: digits), layout: layout)
            outputs.append(output(patched[shard], path: path, previous: previous.shards[shard]))
        }
        for number in previous.documentFiles.indices {
            outputs.append(output(madeFiles[number], path: documentFilePath(number, layout), previous: previous.documentFiles[number]))
        }
        outputs.append(output(manifest, path: manifestPath(layout), previous: previous.manifest))

        // What was read of a previous state's file that failed to read is not to be trusted.
        guard !stored.readFailed else { return nil }
        let state = SearchIndexState(
            layout: layout, shardCount: previous.shardCount, estimatedBytes: estimate, textBytes: textBytes, shards: shardStamps,
            documentFiles: fileStamps, manifest: manifest.stamp,
            records: .patched(stored, replaced: sourcesOfRemade.map { ($0.number, made[$0.number]!, $0.source) }))
        return Update(outputs: outputs, report: report(state, documents: documentCount), state: state)
    }

    private static func same(_ text: String, _ range: Range<Int>, in record: SearchIndexState.Fields) -> Bool {
        let utf8 = text.utf8
        guard utf8.count == range.count else { return false }
        let compared = utf8.withContiguousStorageIfAvailable { buffer in
            guard let base = buffer.baseAddress else { return true }
            return record.bytes.withUnsafeBytes { stored in memcmp(base, stored.baseAddress! + range.lowerBound, buffer.count) == 0 }
        }
        return compared ?? record.bytes[range].elementsEqual(utf8)
    }

    /// Term → 1 if in the title, else 0; as `SearchPostings` marks them.
    private static func termFlags(title: String?, text: String) -> [String: UInt32] {
        var flags: [String: UInt32] = [:]
        if let title { SearchTokenizer.forEachTerm(in: title) { flags[$0] = 1 } }
        SearchTokenizer.forEachTerm(in: text) { if flags[$0] == nil { flags[$0] = 0 } }
        return flags
    }

    /// The shard with `changes` applied, or nil if the file or the changes do not fit each other
    /// (a document to remove that the list lacks, one to add that it has).
    private static func patch(_ bytes: [UInt8], name: String, changes: [String: [TermChange]],
                              estimate: inout Int) -> (bytes: [UInt8], terms: Int)? {
        guard let entries = SearchShardFile.parse(bytes, name: name) else { return nil }
        let changed = changes.keys.map { Array($0.utf8) }.sorted { $0.lexicographicallyPrecedes($1) }
        var output = SearchShardFile.header(name: name)
        var terms = 0
        var next = 0
        func applyChanges(to term: [UInt8], list: ArraySlice<UInt8>) -> Bool {
            let termChanges = changes[String(decoding: term, as: UTF8.self)]!
            guard let patched = SearchShardFile.patchedList(list, changes: termChanges.map { ($0.number, $0.old, $0.new) })
            else { return false }
            for change in termChanges { estimate += (change.new != nil ? 3 : 0) - (change.old != nil ? 3 : 0) }
            if list.isEmpty != patched.isEmpty { estimate += (patched.isEmpty ? -1 : 1) * (term.count + 5) }
            if !patched.isEmpty {
                if terms > 0 { output.append(UInt8(ascii: ",")) }
                SearchShardFile.appendEntry(term: term, list: patched, to: &output)
                terms += 1
            }
            return true
        }
        for entry in entries {
            let term = bytes[entry.term]
            while next < changed.count && changed[next].lexicographicallyPrecedes(term) {
                guard applyChanges(to: changed[next], list: []) else { return nil }
                next += 1
            }
            if next < changed.count && changed[next].elementsEqual(term) {
                guard applyChanges(to: changed[next], list: bytes[entry.list]) else { return nil }
                next += 1
            } else {
                if terms > 0 { output.append(UInt8(ascii: ",")) }
                output += bytes[(entry.term.lowerBound - 1)...entry.list.upperBound]
                terms += 1
            }
        }
        while next < changed.count {
            guard applyChanges(to: changed[next], list: []) else { return nil }
            next += 1
        }
        output += SearchShardFile.footer
        return (output, terms)
    }

    private static func output(_ made: MadeFile?, path: SitePath, previous: SearchIndexState.Stamp) -> SearchIndexOutput {
        guard let made, made.stamp != previous else { return .unchanged(path) }
        return .file(made.file)
    }

    private static func allUnchanged(_ state: SearchIndexState) -> [SearchIndexOutput] {
        let digits = state.digits
        return (0..<state.shardCount).map { .unchanged(SearchShardFile.path(name: SearchShardKey(number: $0).name(digits: digits), layout: state.layout)) }
            + state.documentFiles.indices.map { .unchanged(documentFilePath($0, state.layout)) }
            + [.unchanged(manifestPath(state.layout))]
    }

    private static func report(_ state: SearchIndexState, documents: Int) -> SearchIndexReport {
        SearchIndexReport(
            documents: documents, terms: state.shards.reduce(0) { $0 + $1.terms }, shards: state.shardCount,
            documentFiles: state.documentFiles.count, textBytes: state.textBytes,
            indexBytes: (state.shards + state.documentFiles + [state.manifest]).reduce(0) { $0 + $1.bytes })
    }
}
