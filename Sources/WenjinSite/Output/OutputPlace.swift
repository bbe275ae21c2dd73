import Foundation
import Glibc
import WenjinConfig

/// Where a build may write its output, checked before anything is written, since publishing
/// replaces the whole folder: never where the site's own files are (the site folder or a folder
/// holding it; the store, the themes, `Public/`, the drafts file or site.json, or a folder inside
/// or around them), and never over a folder of files no build made (`OwnedFolders`). The twin
/// and the names a swap passes through obey the same rule. Paths are compared resolved
/// (`ResolvedPath`), and the build then writes to the resolved place.
struct OutputPlace: Sendable {
    /// The output folder, resolved.
    let destination: URL
    /// The twin (`.<name>.previous`): the output one build older, where a build stages.
    let twin: URL
    /// Where an untrusted twin is set aside until this build's files exist.
    let setAside: URL
    /// The spare name of a swap made by renames.
    let spare: URL
    let owned: OwnedFolders
    /// The live folder's manifest and its slot as the check read them (every line, and its
    /// table), so that they are not read again; nil when unchecked.
    private(set) var checkedLive: (slot: Int, manifest: OutputManifest)??
    /// The live folder is as a build left it (its slot's lines say so) but its manifest's table
    /// is missing or damaged: the build writes every file anew (one note), it is not refused.
    private(set) var liveManifestLost = false

    /// The names of the output at `destination` (resolved), without checking the place: what
    /// `StagedOutput` works with once the place was checked.
    init(unchecked destination: URL, stateFolder: URL) {
        self.destination = destination
        let parent = destination.deletingLastPathComponent(), name = destination.lastPathComponent
        twin = parent.appendingPathComponent(".\(name).previous")
        setAside = parent.appendingPathComponent(".\(name).discarded")
        spare = parent.appendingPathComponent(".\(name).swap")
        owned = OwnedFolders(destination: destination.path, places: [destination, twin, setAside, spare].map(\.path),
                             stateFolder: stateFolder, slots: OutputManifest.slots(for: destination, in: stateFolder))
    }

    /// The place for `requested`; throws, naming the folder and why, when it is not allowed.
    init(_ requested: URL, config: SiteConfig, stateFolder: URL) throws(SiteError) {
        let resolved = ResolvedPath(requested)
        self.init(unchecked: resolved.url, stateFolder: stateFolder)
        func refuse(_ path: String, _ why: String) -> SiteError {
            SiteError(.outputRefused, step: .checkOutput, file: path, message: "the output \(requested.path) \(why)")
        }
        let root = ResolvedPath(config.root)
        if resolved.contains(root) {
            throw refuse(resolved.text, resolved == root ? "is the site folder" : "holds the site folder \(root)")
        }
        let store = ResolvedPath(stateFolder)
        let preview = ResolvedPath(DraftPreview.folder(inStore: stateFolder))
        for (place, what) in [(store, "the store folder")] + config.sourcePlaces where resolved.contains(place) || place.contains(resolved) {
            if place == store, resolved == preview { continue }
            let relation = resolved == place ? "is" : resolved.contains(place) ? "holds" : "lies inside"
            throw refuse(resolved.text, "\(relation) \(what) \(place)")
        }
        // The preview writes draft pages into its live folder between builds (`DraftPreview`).
        let isPreview = resolved == preview
        // Trusted whole only when every line of its manifest reads, and its table: one damaged
        // past its folder lines vouches for nothing, and each file is then checked against the manifests.
        let loadedLive = owned.describing(destination.path)
        let described = loadedLive.flatMap { loaded in loaded.manifest().map { (slot: loaded.slot, manifest: $0) } }
        // Both slots share one table: lost, it would leave every file unlisted. The slot's own
        // lines, whole, still prove by its folder lines that no name changed since the build.
        liveManifestLost = described == nil && (loadedLive?.slotIsWhole() ?? false)
        let vouched = described != nil || liveManifestLost
        // Parsed once, and only when a folder is not trusted whole (a copied output).
        var listed: Set<String>?
        if let why = foreign(destination.path, trusted: { _ in vouched }, listed: &listed,
                             exempt: { isPreview && Self.isPreviewPage($0) }) {
            throw refuse(destination.path, why)
        }
        checkedLive = .some(described)
        for sibling in [twin, setAside, spare] {
            if let why = foreign(sibling.path, trusted: owned.made, listed: &listed, exempt: { _ in false }) {
                throw refuse(sibling.path, "needs \(sibling.path) for its twin, but it \(why)")
            }
        }
    }

    /// Why a build may not replace what is at `path`; nil when nothing is there, or an empty
    /// folder, or a folder a build made holding only files a build wrote. The live folder is
    /// trusted when its manifest still describes it, else each file must be one a manifest lists
    /// (files added by hand are not a build's to remove); the twin's names are wenjin's own, so
    /// a folder recorded as made there is trusted whole. `trusted`: whether a folder is vouched
    /// for whole. `listed`: the manifests' paths (`OwnedFolders.listedPaths`), read on first need.
    private func foreign(_ path: String, trusted: (String) -> Bool, listed: inout Set<String>?,
                         exempt: (String) -> Bool) -> String? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        guard info.st_mode & S_IFMT == S_IFDIR else { return "is a file, not a folder" }
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { return "cannot be read" }
        if names.isEmpty || trusted(path) { return nil }
        if listed == nil { listed = owned.listedPaths() }
        let stray = owned.unlisted(in: path, listed: listed ?? [], exempt: exempt)
        if stray.isEmpty { return nil }
        return "holds files that no wenjin build wrote (\(stray.prefix(3).joined(separator: ", "))\(stray.count > 3 ? ", …" : ""))"
    }

    /// A page the preview writes between builds: a draft page, or its temporary file.
    private static func isPreviewPage(_ path: String) -> Bool {
        path.hasPrefix("drafts/") || (path.split(separator: "/").last.map { $0.hasPrefix(".") && $0.hasSuffix(".preview") } ?? false)
    }
}
