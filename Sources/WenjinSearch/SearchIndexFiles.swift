import Foundation
import WenjinBuildSupport

/// The files of an index other than shards, made the same way by a full write and an update,
/// each with the stamp the next state remembers.
extension SearchIndex {
    /// A file just made, with what the next state remembers of it.
    struct MadeFile: Sendable {
        let file: GeneratedFile
        let stamp: SearchIndexState.Stamp

        init(path: SitePath, bytes: [UInt8], terms: Int = 0) {
            file = GeneratedFile(path: path, contents: Data(bytes))
            stamp = SearchIndexState.Stamp(bytes, terms: terms)
        }
    }

    static func manifestPath(_ layout: Layout) -> SitePath { SitePath("\(layout.folder)/index.js") }

    static func documentFilePath(_ number: Int, _ layout: Layout) -> SitePath {
        SitePath("\(layout.folder)/docs-\(number).js")
    }

    static func manifest(shardCount: Int, documents: Int, layout: Layout) -> MadeFile {
        let text = "wenjinSearch.configure({\"format\":1,\"shards\":\(shardCount),"
            + "\"digits\":\(SearchShardKey.digits(forShardCount: shardCount)),"
            + "\"documents\":\(documents),\"documentsPerFile\":\(max(1, layout.documentsPerFile))});\n"
        return MadeFile(path: manifestPath(layout), bytes: Array(text.utf8))
    }

    /// Document file `number` of an index of `count` documents, `document` giving each by its
    /// number, as [title, url, kind, snippet]; an emptied document (a placeholder keeping the
    /// numbering) as ["", "", kind, ""].
    static func documentFile(number: Int, count: Int, layout: Layout, document: (Int) -> SearchDocument) -> MadeFile {
        let perFile = max(1, layout.documentsPerFile)
        let numbers = (number * perFile)..<min(count, (number + 1) * perFile)
        var text = "wenjinSearch.addDocuments(\(number),["
        for documentNumber in numbers {
            let document = document(documentNumber)
            if documentNumber > numbers.lowerBound { text.append(",\n") }
            text.append("[")
            JavaScriptLiteral.appendString(document.title, to: &text)
            text.append(",")
            // A document with no title and no text has no terms: nothing finds it, so its
            // address is not written (a withheld profile's address names its user).
            JavaScriptLiteral.appendString(document.title.isEmpty && document.text.isEmpty ? "" : document.url, to: &text)
            text.append(",\"\(document.kind.rawValue)\",")
            JavaScriptLiteral.appendString(String(document.text.prefix(layout.snippetLength)), to: &text)
            text.append("]")
        }
        text.append("]);\n")
        return MadeFile(path: documentFilePath(number, layout), bytes: Array(text.utf8))
    }

    static func documentFileCount(_ documents: Int, _ layout: Layout) -> Int {
        let perFile = max(1, layout.documentsPerFile)
        return (documents + perFile - 1) / perFile
    }

    /// UTF-8 bytes of the titles and texts indexed, for the report.
    static func textBytes(_ documents: [SearchDocument]) -> Int {
        documents.reduce(0) { $0 + ($1.indexesTitle ? $1.title.utf8.count : 0) + $1.text.utf8.count }
    }
}
