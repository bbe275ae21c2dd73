import Foundation
import WenjinBuildSupport

/// Where a build puts the files it makes: the staged output folder of `wenjin build`
/// (`StagedOutput`), or a stream handed to another output (`StreamedOutput`, for
/// `wenjin export zim`), so both are made by one renderer and one set of writers.
protocol BuildOutput: Sendable {
    /// True when the output already holds `path` with `fingerprint`: the caller need not make it.
    func carryOver(_ path: SitePath, fingerprint: PageFingerprint) throws(OutputFileError) -> Bool
    /// `carryOver` for many files at once, in their order.
    func carryOver(_ files: [(path: SitePath, fingerprint: PageFingerprint)]) throws(OutputFileError) -> [Bool]
    /// Puts `bytes` at `path`; `fingerprint` is the digest of what they were made from, if known.
    func write(_ bytes: [UInt8], to path: SitePath, fingerprint: PageFingerprint?) throws(OutputFileError) -> StagedOutput.Outcome
    /// Puts the file at the path `source` at `path`; a content-addressed file (an image named
    /// by its hash) is the same wherever it has that name.
    func place(_ source: String, to path: SitePath, contentAddressed: Bool) throws(OutputFileError) -> StagedOutput.Outcome
    /// `place` for many content-addressed files at once (the stored images), outcomes in their
    /// order; `source` gives the path of a file's source, asked only for a file the output lacks.
    func placeImages(_ paths: ArraySlice<SitePath>, source: (SitePath) -> String) throws(OutputFileError) -> [StagedOutput.Outcome]
    /// Whether the output holds the images of `imageSet` (`SiteFileList.imageSet`) as the build
    /// that published it placed them.
    func holdsImages(_ imageSet: UInt64) -> Bool
    /// Places every image the published output holds as it holds them (only after `holdsImages`
    /// said so, before any other file of the images' folder); their outcomes.
    func carryImages() throws(OutputFileError) -> [StagedOutput.Outcome]
    /// The fingerprint the published output records for `path`, if there is one.
    func liveFingerprint(_ path: SitePath) -> PageFingerprint?
    /// A state file published with the output (`StagedOutput.publish(sidecars:)`).
    func liveSidecar(_ name: String) -> [UInt8]?
    /// The same left in its file, to be read by ranges.
    func liveSidecarFile(_ name: String) -> ReadableFile?
    /// Writes a state file to publish with the output as `writing` makes it (`StagedOutput.stageSidecar`).
    func stageSidecar(_ name: String, writing: (inout SidecarWriter) -> Void) throws(OutputFileError)
    /// Publishes the live output's state file `name` again as it is, linked, not copied; false
    /// when there is none to carry (`StagedOutput.carrySidecar`).
    func carrySidecar(_ name: String) -> Bool
}

extension BuildOutput {
    func write(_ bytes: [UInt8], to path: SitePath) throws(OutputFileError) -> StagedOutput.Outcome {
        try write(bytes, to: path, fingerprint: nil)
    }
}

extension StagedOutput: BuildOutput {}

extension StreamedOutput {
    /// A stream holds nothing yet: every file is made.
    func carryOver(_ files: [(path: SitePath, fingerprint: PageFingerprint)]) throws(OutputFileError) -> [Bool] {
        files.map { _ in false }
    }

    func placeImages(_ paths: ArraySlice<SitePath>, source: (SitePath) -> String) throws(OutputFileError) -> [StagedOutput.Outcome] {
        var outcomes: [StagedOutput.Outcome] = []
        for path in paths { outcomes.append(try place(source(path), to: path, contentAddressed: true)) }
        return outcomes
    }

    /// A stream holds no image: each one is listed and handed over.
    func holdsImages(_ imageSet: UInt64) -> Bool { false }

    func carryImages() throws(OutputFileError) -> [StagedOutput.Outcome] { [] }
}
