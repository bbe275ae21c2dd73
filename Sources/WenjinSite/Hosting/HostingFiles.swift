import WenjinBuildSupport
import WenjinConfig

/// The build's last files before publishing, for a static host (`build.hosting`,
/// docs/design.md#hosting): `_headers`, then a precompressed sibling of every text file the
/// build produced (`page.html.gz`, `page.html.br`), so hosts with `gzip_static` serve them.
///
/// A sibling's fingerprint derives from its original's, so a rebuild keeps the siblings of
/// unchanged files, as it keeps the files, and writes anew those of changed ones: the two never
/// drift apart. Compressed bytes depend only on the original's (no time, no name), so the
/// output stays deterministic.
struct HostingFiles: Sendable {
    /// Files worth compressing: text a browser asks for. Images are compressed already.
    static let textExtensions: Set<String> = ["html", "css", "js", "json", "xml", "svg", "txt", "webmanifest"]

    let hosting: SiteConfig.Hosting
    let hashedNames: HashedAssetNames?

    /// Writes the files into `staged` and returns how many were written and kept.
    func write(into staged: StagedOutput, progress: any BuildProgress) throws -> (written: Int, unchanged: Int) {
        var outcomes: [StagedOutput.Outcome] = []
        if hosting.headersFile {
            let hashed = hashedNames.map { $0.renamed.values.map { SitePath($0) } } ?? []
            let file = HeadersFile(hosting: hosting, hashedFiles: hashed)
            outcomes.append(try staged.write(file.contents, to: HeadersFile.path))
        }
        let encodings = hosting.precompress
        let sources = encodings.isEmpty ? [] : staged.producedFiles().filter { Self.isText($0.path) }
        progress.advance(by: outcomes.count)
        outcomes += try ParallelWork.map(sources) { path, fingerprint throws(OutputFileError) -> [StagedOutput.Outcome] in
            var original: [UInt8]?
            var done: [StagedOutput.Outcome] = []
            for encoding in encodings {
                let sibling = SitePath(path.text + "." + encoding.fileExtension)
                let derived = Self.fingerprint(of: fingerprint, encoding: encoding)
                if try staged.carryOver(sibling, fingerprint: derived) {
                    done.append(.unchanged)
                    continue
                }
                if original == nil { original = try staged.stagedContents(of: path) }
                let bytes = original ?? []
                done.append(try staged.write(Compression.compress(bytes, as: encoding), to: sibling, fingerprint: derived))
            }
            progress.advance(by: 1)
            return done
        }.flatMap { $0 }
        let written = outcomes.filter { $0 == .written }.count
        return (written, outcomes.count - written)
    }

    static func isText(_ path: SitePath) -> Bool {
        guard let dot = path.text.lastIndex(of: "."), !path.text[dot...].contains("/") else { return false }
        return textExtensions.contains(String(path.text[path.text.index(after: dot)...]))
    }

    /// The fingerprint of `original`'s compressed sibling. Changing the compression settings
    /// changes `compressionVersion`, and every sibling is written anew.
    private static func fingerprint(of original: PageFingerprint, encoding: SiteConfig.Hosting.Encoding) -> PageFingerprint {
        var digest = ContentDigest(seed: original.value)
        digest.add(tag: 11)
        digest.add(encoding.rawValue)
        digest.add(word: compressionVersion)
        return PageFingerprint(value: digest.finish())
    }

    /// Bumped whenever `Compression` would give other bytes for the same input.
    private static let compressionVersion: UInt64 = 1
}
