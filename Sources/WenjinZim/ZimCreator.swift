import CZimWriter

/// libzim's writer through the C interface of `CZimWriter` (a small C++ target): one ZIM file,
/// written from one thread at a time. Every call either succeeds or throws libzim's message.
final class ZimCreator {
    private var creator: OpaquePointer?
    private let file: String

    /// Starts `file` with a full-text index in `indexLanguage` (ISO 639-3).
    init(file: String, indexLanguage: String, workers: Int, clusterBytes: Int) throws(ZimError) {
        self.file = file
        var error: UnsafeMutablePointer<CChar>?
        creator = wenjin_zim_start(file, indexLanguage, UInt32(clamping: max(1, workers)), max(1, clusterBytes), &error)
        if creator == nil { throw failure(error) }
    }

    deinit {
        if let creator { wenjin_zim_discard(creator) }
    }

    /// What the full-text index holds of an entry.
    enum Indexing {
        case none
        /// libzim parses the page and indexes all of its text.
        case wholePage
        case text(ZimIndexText)
    }

    /// Adds `bytes` as the entry `path` (libzim copies them); one call at a time.
    func add(path: String, mimeType: String, title: String, frontArticle: Bool, bytes: [UInt8],
             indexing: Indexing) throws(ZimError) {
        var error: UnsafeMutablePointer<CChar>?
        let creator = try open()
        let front: Int32 = frontArticle ? 1 : 0
        let added = bytes.withUnsafeBytes { content -> Int32 in
            switch indexing {
            case .none:
                return wenjin_zim_add_bytes(creator, path, mimeType, title, front, content.baseAddress, content.count,
                                            WenjinZimIndexingNone, nil, &error)
            case .wholePage:
                return wenjin_zim_add_bytes(creator, path, mimeType, title, front, content.baseAddress, content.count,
                                            WenjinZimIndexingWholePage, nil, &error)
            case .text(let index):
                return index.title.withCString { indexTitle in
                    index.content.withCString { text in
                        index.keywords.withCString { keywords in
                            var given = WenjinZimIndexText(title: indexTitle, content: text, keywords: keywords,
                                                           wordCount: UInt32(clamping: index.wordCount))
                            return wenjin_zim_add_bytes(creator, path, mimeType, title, front, content.baseAddress, content.count,
                                                        WenjinZimIndexingGivenText, &given, &error)
                        }
                    }
                }
            }
        }
        if added == 0 { throw failure(error) }
    }

    func addMetadata(_ name: String, _ content: String) throws(ZimError) {
        var error: UnsafeMutablePointer<CChar>?
        if wenjin_zim_add_metadata(try open(), name, content, &error) == 0 { throw failure(error) }
    }

    func addIllustration(size: Int, png: [UInt8]) throws(ZimError) {
        var error: UnsafeMutablePointer<CChar>?
        let creator = try open()
        let added = png.withUnsafeBytes { bytes in
            wenjin_zim_add_illustration(creator, UInt32(size), bytes.baseAddress!, bytes.count, &error)
        }
        if added == 0 { throw failure(error) }
    }

    func setMainPath(_ path: String) throws(ZimError) {
        wenjin_zim_set_main_path(try open(), path)
    }

    /// Writes the indexes and closes the file; the creator cannot be used afterwards.
    func finish() throws(ZimError) {
        let creator = try open()
        self.creator = nil
        var error: UnsafeMutablePointer<CChar>?
        if wenjin_zim_finish(creator, &error) == 0 { throw failure(error) }
    }

    private func open() throws(ZimError) -> OpaquePointer {
        guard let creator else { throw ZimError(file: file, reason: .libzim("the ZIM file is already closed")) }
        return creator
    }

    private func failure(_ error: UnsafeMutablePointer<CChar>?) -> ZimError {
        defer { wenjin_zim_free_error(error) }
        return ZimError(file: file, reason: .libzim(error.map { String(cString: $0) } ?? "libzim failed without a message"))
    }
}
