import WenjinBuildSupport

/// A document as its caller knows it before making it: which document it is and a digest of
/// what it is made from. Given these for every document, a write patching the previous index
/// makes only the documents whose digest moved (`SearchIndex.write(sources:make:…)`), so a
/// rebuild after one edit neither builds nor compares the archive's texts.
package struct SearchSource: Sendable, Equatable {
    /// Names the document in every build (the same page and anchor, the same key); no two
    /// documents of one write share one, or the whole index is written.
    package var key: UInt64
    /// Of everything the document is made from: an unchanged digest promises the same document.
    package var digest: UInt64

    package init(key: UInt64, digest: UInt64) {
        self.key = key
        self.digest = digest
    }

    /// For a document already made: keyed by its URL, digested whole.
    package init(of document: SearchDocument) {
        var key = ContentDigest(seed: 0x6B65_79)
        key.add(document.url)
        self.key = key.finish()
        var digest = ContentDigest(seed: 0x646F_63)
        digest.add(document.url)
        digest.add(document.title)
        digest.add(document.text)
        digest.add(tag: UInt8(SearchDocument.Kind.allCases.firstIndex(of: document.kind)!))
        digest.add(tag: document.indexesTitle ? 1 : 0)
        digest.add(word: UInt64(bitPattern: Int64(document.weight)))
        self.digest = digest.finish()
    }
}
