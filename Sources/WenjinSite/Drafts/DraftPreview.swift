import Foundation
import Glibc
import Synchronization
import WenjinBuildSupport
import WenjinConfig
import WenjinDrafts
import WenjinModel
import WenjinSanitizer
import WenjinStore

/// The drafts build behind `wenjin serve`: a whole drafts build when the store, theme,
/// `Public/` or site.json changed, and otherwise — when only draft.db did, the common case while
/// someone writes — just the draft pages, re-rendered from the archive kept in memory and written
/// into the live output, which takes milliseconds instead of a whole build.
///
/// ```swift
/// let preview = try DraftPreview(config: config, store: store, output: folder)
/// try preview.rebuild()          // the first call always builds everything
/// preview.watchedPaths           // what to watch, draft.db included
/// ```
package final class DraftPreview: Sendable {
    /// What a rebuild did.
    package enum Outcome: Sendable, Equatable {
        /// A whole drafts build ran.
        case wholeSite(pages: Int)
        /// Only the draft pages (and question pages holding answer drafts) were rendered.
        case draftPages(written: Int, removed: Int)
    }

    package let output: URL
    private let store: Store
    private let root: URL
    private let state: Mutex<State>

    private struct State: Sendable {
        var config: SiteConfig
        /// The archive of the last whole build, ready to render draft pages with.
        var renderer: PageRenderer?
        var fingerprint: Int?
        /// site.json as it was when `config` was read: the config is read again once it changes.
        var configStamp: Int
        /// Files the draft pages wrote last time, and the questions whose page shows answer drafts.
        var draftFiles: Set<SitePath> = []
        var questionsWithDrafts: Set<QuestionID> = []
    }

    /// Where `wenjin serve` writes its drafts build: inside the store's folder, so a drafts build
    /// never lands where a published one is deployed from.
    package static func folder(for config: SiteConfig) -> URL {
        folder(inStore: config.resolve(config.store.directory))
    }

    /// The preview's folder in the store folder `store`: the one output allowed inside it.
    static func folder(inStore store: URL) -> URL { store.appendingPathComponent("preview") }

    package init(config: SiteConfig, store: Store, output: URL) {
        self.output = output
        self.store = store
        root = config.root
        state = Mutex(State(config: config, configStamp: PreviewInputs.fingerprint(of: [config.root.appendingPathComponent(SiteConfig.fileName)])))
    }

    /// Files and folders whose change calls for a rebuild: draft.db (and the app container's
    /// `Documentsdraft.db` beside it), site.json, the theme, `Public/`, the store and its log.
    package var watchedPaths: [URL] {
        let config = state.withLock { $0.config }
        let draft = config.resolve(config.drafts.path)
        let folder = draft.deletingLastPathComponent()
        return [draft, folder.appendingPathComponent("Documentsdraft.db")] + PreviewInputs(config: config, storePath: store.path).paths
    }

    /// Brings the output up to date with its inputs; see the type's description.
    @discardableResult
    package func rebuild() throws -> Outcome {
        try state.withLock { state throws -> Outcome in
            let inputs = PreviewInputs(config: state.config, storePath: store.path)
            let before = inputs.fingerprint()
            if let renderer = state.renderer, state.fingerprint == before {
                return try refreshDrafts(renderer: renderer, state: &state)
            }
            state.renderer = nil
            let configStamp = PreviewInputs.fingerprint(of: [root.appendingPathComponent(SiteConfig.fileName)])
            if configStamp != state.configStamp {
                state.config = try SiteConfig.load(root: root)
                state.configStamp = configStamp
            }
            let drafts = try DraftDatabase(configured: state.config.resolve(state.config.drafts.path)).load()
            let summary = try SiteBuilder(config: state.config, store: store).build(into: output, drafts: drafts)
            let renderer = try SiteBuilder(config: state.config, store: store).previewRenderer()
            let pages = DraftPages(drafts: drafts, renderer: renderer)
            state.draftFiles = Set(try pages.render().map(\.path))
            state.questionsWithDrafts = pages.questionsWithDrafts
            state.renderer = renderer
            // Taken after the build, whose sanitizer cache writes touch the store's log.
            state.fingerprint = PreviewInputs(config: state.config, storePath: store.path).fingerprint()
            return .wholeSite(pages: summary.pagesWritten + summary.pagesUnchanged)
        }
    }

    private func refreshDrafts(renderer: PageRenderer, state: inout State) throws -> Outcome {
        let drafts = try DraftDatabase(configured: state.config.resolve(state.config.drafts.path)).load()
        let pages = DraftPages(drafts: drafts, renderer: renderer)
        var files = try pages.render()
        // Questions that lost their last answer draft get their published page back.
        for id in state.questionsWithDrafts.subtracting(pages.questionsWithDrafts).sorted() {
            files.append(try renderer.render(renderer.questionPage(id)))
        }
        var written = 0
        for file in files where try replace(file.path, with: file.bytes) { written += 1 }
        let current = Set(files.map(\.path))
        let stale = state.draftFiles.subtracting(current).filter { $0.text.hasPrefix("drafts/") }
        for path in stale { try? FileManager.default.removeItem(at: output.appendingPathComponent(path.text)) }
        state.draftFiles = current
        state.questionsWithDrafts = pages.questionsWithDrafts
        return .draftPages(written: written, removed: stale.count)
    }

    /// Writes a file of the live output by renaming a complete temporary file over it (so a
    /// page is never served half-written); false when it already held these bytes.
    private func replace(_ path: SitePath, with bytes: [UInt8]) throws -> Bool {
        let target = output.appendingPathComponent(path.text)
        if let old = FileManager.default.contents(atPath: target.path), old.elementsEqual(bytes) { return false }
        try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        let temporary = target.deletingLastPathComponent().appendingPathComponent(".\(target.lastPathComponent).preview")
        try Data(bytes).write(to: temporary)
        guard rename(temporary.path, target.path) == 0 else {
            throw SiteError(.output, step: .renderPages, file: target.path, message: "cannot replace the page: \(String(cString: strerror(errno)))")
        }
        return true
    }
}

extension SiteBuilder {
    /// The archive read and sanitized (from the cache a build just filled) and ready to render
    /// pages with, as the build's own render step makes it.
    func previewRenderer() throws(SiteError) -> PageRenderer {
        let steps = BuildSteps(progress: SilentProgress())
        let theme = try steps.run(.loadTheme) { try Theme.load(config) }
        let content = try steps.run(.readStore) { try ArchiveContent.readPublished(from: store, config: config) }
        let hosts = CommunityHosts(source: content.sourceBase, historical: config.source.historicalHosts)
        let archive = ArchiveLookup(content.withoutRawBodies())
        let bodies = try steps.run(.sanitizeBodies) {
            try SanitizedBodies.make(SanitizedBodies.Inputs(of: content), archive: archive, hosts: hosts, store: store,
                                     imageSizes: StoredImageSizes(folder: config.assetFolder), previous: BodyLedger.load(from: URL(fileURLWithPath: store.path).deletingLastPathComponent()),
                                     seen: content.storeChanges, progress: steps.progress)
        }
        return pageRenderer(archive: archive, bodies: bodies, theme: theme, withDrafts: true)
    }
}
