// WenjinSite owns the site folder's configuration (site.json), the theme, the page plan and
// view models, and the output folder `wenjin build` writes: every page, image and theme file,
// deterministic, atomic and incremental. It reads the store but never writes content to it
// (only the sanitizer cache), never touches the network, and knows nothing of the terminal.
import Foundation
import WenjinBuildSupport
import WenjinConfig
import WenjinDrafts
import WenjinSanitizer
import WenjinStore

/// Renders the store into a static site: `try SiteBuilder(config:store:).build(into:progress:)`.
///
/// The build runs as a short list of named steps (`BuildStep`); a failure in any of them
/// leaves the previous output untouched.
package struct SiteBuilder: Sendable {
    package let config: SiteConfig
    package let store: Store
    /// The caller ends the process right after the build (`wenjin build`): the archive is then
    /// freed on another thread (`BackgroundRelease`) instead of before `build` returns. Off by
    /// default: a process that goes on (the preview, tests) gets the store and memory back at once.
    package var exitsAfterBuild = false
    /// How many files an output's manifest lists apart from its table before the table is made
    /// anew (`StagedOutput`); tests lower it to give a small site a table.
    var outputTableFloor = StagedOutput.defaultTableFloor

    package init(config: SiteConfig, store: Store) {
        self.config = config
        self.store = store
    }

    /// The output folder site.json names (`_site` by default).
    package var defaultOutput: URL { config.resolve(config.build.outputDirectory) }

    /// Builds the site into `output` and returns what was written. With `drafts` (a preview
    /// build, never to be published) their unpublished pages are added; see `DraftPages`.
    /// The output may not be where the site's own files are, nor a folder of files no build
    /// made (`OutputPlace`); it is written at its resolved place.
    package func build(into requested: URL, drafts: DraftCollection? = nil,
                      progress: any BuildProgress = SilentProgress()) throws(SiteError) -> BuildSummary {
        let steps = BuildSteps(progress: progress)
        let stateFolder = URL(fileURLWithPath: store.path).deletingLastPathComponent()
        // What the last build left is read beside the output's check and the theme's load: three
        // pieces of work of one thread each, before the read that takes every core.
        let (started, previous) = SideBySide.run({ () -> Result<(OutputPlace, Theme), SiteError> in
            Result { () throws(SiteError) in
                let place = try steps.run(.checkOutput, total: 1) {
                    let place = try OutputPlace(requested, config: config, stateFolder: stateFolder)
                    if place.liveManifestLost { progress.note("the last build's output manifest table is missing or damaged: writing every file") }
                    progress.advance(by: 1)
                    return place
                }
                return (place, try steps.run(.loadTheme) { try loadTheme(progress: progress) })
            }
        }, { PreviousBuild(stateFolder: stateFolder) })
        let (place, theme) = try started.get()
        let prepared = try prepare(steps: steps, stateFolder: stateFolder, previous: consume previous, output: { () -> Result<StagedOutput, SiteError> in
            Result { () throws(SiteError) in try StagedOutput(place: place, stateFolder: stateFolder, tableFloor: outputTableFloor) }
        }, discard: { $0.discard() })
        var summary = BuildSummary(bodies: prepared.bodies)
        summary.lookupsKept = prepared.archive.tookKept
        do {
            try write(prepared, live: place.destination, theme: theme, drafts: drafts, steps: steps, stateFolder: stateFolder,
                      into: &summary)
        } catch {
            prepared.output.discard()
            throw error
        }
        summary.seconds = steps.seconds
        if exitsAfterBuild { BackgroundRelease.drop(consume prepared) }
        return summary
    }

    /// What the steps after sanitizing share: the archive's lookups, its bodies, the entities'
    /// digests and the output (the staged folder of a build; nothing for a stream).
    struct Prepared<Output: Sendable>: Sendable {
        let archive: ArchiveLookup
        let bodies: SanitizedBodies
        let entities: EntityDigests
        /// The digest of the stored images (`LinkTargets.digests`), which `SiteFileList` lists.
        let storedImages: UInt64
        /// Every page of the archive (`PageJob.plan`).
        let jobs: [PageJob]
        let output: Output

        /// What the sitemap and feeds are fingerprinted from, under the build's `seed`.
        func feedAndSitemapInputs(seed: PageFingerprint) -> FeedAndSitemapInputs {
            FeedAndSitemapInputs(entities: entities, bodies: bodies, seed: seed)
        }
    }

    /// Pages rendered between loading their bodies' HTML and letting it go.
    static let pagesPerSlice = 2048
    /// Pages or files checked against the output under one lock (`StagedOutput.carryOver`).
    static let pagesPerCheck = 512

    /// The theme, counting its templates.
    func loadTheme(progress: any BuildProgress) throws(SiteError) -> Theme {
        let theme = try Theme.load(config)
        progress.advance(by: theme.library.names.count)
        return theme
    }

    /// The steps that read the store and prepare what rendering needs: the bodies, the
    /// entities' digests and the output (`output` makes it, `discard` undoes it if the bodies
    /// fail). The raw bodies live only here, let go as soon as they are sanitized.
    func prepare<Output: Sendable>(steps: BuildSteps, stateFolder: URL, previous: consuming PreviousBuild, output: @escaping @Sendable () -> Result<Output, SiteError>,
                                   discard: @escaping @Sendable (Output) -> Void) throws(SiteError) -> Prepared<Output> {
        // What the last build saw, so this one reads and digests only rows written since. Taken
        // apart and let go with the preparation: its row digests are 12 MB at 100,000 questions.
        let (unread, since, previousRows, listed, fullReadNote, empties) = (previous.ledger, previous.since, previous.rows,
                                                                           previous.listed, previous.fullReadNote, previous.emptyBodies)
        // Links resolve without the bodies, so one archive lookup serves the sanitizer and the pages.
        let (archive, bodies, ledger, rows) = try steps.run(.readStore) {
            // Meanwhile the ledger's journal is laid over its table (its texts are read only when asked for).
            let (ledger, read, _) = SideBySide.run({ unread?.decoded() }, {
                Result { try readArchive(since: since, previousRows: previousRows, listed: listed, stateFolder: stateFolder) }
            }, {})
            let (archive, bodies, rows) = try read.get()
            if case .all = archive.content.rowsRead, archive.content.storeChanges != nil {
                steps.progress.note(fullReadNote)
            }
            steps.progress.advance(by: archive.content.questions.count + archive.content.articles.count
                                       + archive.content.users.count + archive.content.topics.count)
            return (archive, bodies, ledger, rows)
        }
        return try steps.run(.sanitizeBodies, total: bodies.raw.count, givingBackMemory: true) {
            try sanitize(bodies, archive: archive, ledger: ledger, empties: empties, rows: rows, stateFolder: stateFolder, output: output,
                         discard: discard, progress: steps.progress)
        }
    }

    /// Three preparations that need only the archive's lookups share the cores: the bodies (the ledger
    /// read and checked), the entities' digests (the last build's brought up to date), and the
    /// output (a folder's manifests read) with the plan of pages (150,000 jobs at 100,000 questions).
    /// After the read, not beside it: there they raised the peak and saved no time.
    private func sanitize<Output: Sendable>(_ inputs: SanitizedBodies.Inputs, archive: ArchiveLookup, ledger: BodyLedger?,
                                            empties: EmptyBodies?, rows: RowDigests?, stateFolder: URL,
                                            output: @Sendable () -> Result<Output, SiteError>, discard: @Sendable (Output) -> Void,
                                            progress: any BuildProgress) throws -> Prepared<Output> {
        let hosts = CommunityHosts(source: archive.content.sourceBase, historical: config.source.historicalHosts)
        let content = archive.content
        let vouched = empties?.vouched(for: content.rowsRead, now: content.storeChanges)
        let (sanitized, entities, staging) = SideBySide.run({ () -> Result<SanitizedBodies, any Error> in
            Result {
                try SanitizedBodies.make(inputs, archive: archive, hosts: hosts, store: store,
                                         imageSizes: StoredImageSizes(folder: config.assetFolder), previous: ledger, empties: vouched,
                                         seen: content.storeChanges, progress: progress)
            }
        }, {
            EntityDigests.make(archive: archive, rows: rows, stateFolder: stateFolder, progress: progress)
        }, { (output(), PageJob.plan(for: archive)) })
        switch (sanitized, staging.0) {
        case (.success(let bodies), .success(let made)):
            return Prepared(archive: archive, bodies: bodies, entities: entities, storedImages: inputs.storedImages, jobs: staging.1,
                            output: made)
        case (.failure(let error), .success(let made)):
            discard(made)
            throw error
        case (_, .failure(let error)): throw error
        }
    }

    /// The steps that write: pages, files, indexes, then the swap that publishes them.
    private func write(_ prepared: Prepared<StagedOutput>, live: URL, theme: Theme, drafts: DraftCollection?, steps: BuildSteps,
                       stateFolder: URL, into summary: inout BuildSummary) throws(SiteError) {
        let (archive, bodies, staged, jobs) = (prepared.archive, prepared.bodies, prepared.output, prepared.jobs)
        let renderer = pageRenderer(archive: archive, bodies: bodies, theme: theme, withDrafts: drafts != nil)
        let inputs = prepared.feedAndSitemapInputs(seed: PageFingerprint.seed(theme: theme, renderer: renderer))
        let draftPages = drafts.map { DraftPages(drafts: $0, renderer: renderer) }
        let published = Self.published(jobs, besides: draftPages)

        // The files to copy beside the pages (every stored image) are listed on a thread of their
        // own while the pages render, so the copy step starts with them.
        let (rendering, listing) = SideBySide.run({ () -> Result<RenderedPages, SiteError> in
            Result { () throws(SiteError) in
                try steps.run(.renderPages, total: published.count, givingBackMemory: true) {
                    let pages = try renderPages(published, drafts: draftPages, renderer: renderer, inputs: inputs, into: staged,
                                                progress: steps.progress)
                    bodies.releaseHTML()
                    return pages
                }
            }
        }, {
            // The bodies known empty are facts of the store (`EmptyBodies`), whatever becomes of the output.
            if bodies.emptiesChanged { bodies.emptyBodies?.save(in: stateFolder) }
            return Result { () throws(ReadableArea.Outside) in
                try SiteFileList(theme: theme, archive: archive, config: config, storedImages: prepared.storedImages,
                                 held: { staged.holdsImages($0) })
            }
        })
        let rendered = try rendering.get()
        summary.pagesFingerprinted = rendered.walked
        summary.pagesWritten = rendered.written
        summary.pagesUnchanged = rendered.unchanged

        let (copied, imageSet) = try steps.run(.copyFiles, over: { try listing.get() }) { files in
            summary.imagesCarried = files.imagesCarried
            return (try copy(files, into: staged, progress: steps.progress), files.imageSet)
        }
        summary.filesWritten = copied.filter { $0 == .written }.count
        summary.filesUnchanged = copied.count - summary.filesWritten

        let indexes = SiteIndexes(archive: archive, siteTitle: config.title, baseURL: config.baseURL, inputs: inputs)
        let written = try steps.run(.writeIndexes, givingBackMemory: true) {
            try indexes.write(pages: jobs, into: staged, live: live, progress: steps.progress)
        }
        summary.search = written.search
        summary.filesWritten += written.written
        summary.filesUnchanged += written.unchanged

        if let hosting = config.build.hosting {
            let hosted = try steps.run(.hostingFiles) {
                try HostingFiles(hosting: hosting, hashedNames: theme.hashedNames).write(into: staged, progress: steps.progress)
            }
            summary.filesWritten += hosted.written
            summary.filesUnchanged += hosted.unchanged
        }

        try steps.run(.publish) {
            try staged.publish(sidecars: written.sidecars.merging([SiteFileList.imageSetSidecar: SiteFileList.record(of: imageSet)]) { $1 })
            if bodies.ledgerChanged { bodies.ledger.save(in: stateFolder, changes: bodies.ledgerChanges) }
            steps.progress.advance(by: 1)
        }
    }

    /// The archive's lookups and the raw bodies apart, so that the bodies are held once and can
    /// be let go as soon as they are sanitized; and the rows' digests.
    private func readArchive(since seen: StoreChanges?, previousRows: RowDigests?, listed: ListedRows?, stateFolder: URL)
        throws -> (ArchiveLookup, SanitizedBodies.Inputs, RowDigests?) {
        var content = try ArchiveContent.readPublished(from: store, config: config, bodiesUnchangedSince: seen, digestingRows: true,
                                                       previousRows: previousRows, keptRows: listed, stateFolder: stateFolder)
        let rows = content.rowDigests
        content.rowDigests = nil
        // The rows' digests are valid for the store at its counter whatever the output holds, so
        // saved now (beside the bodies' walk), and let go after the entities' digests: a build
        // that fails later leaves them true.
        let saveRows = { @Sendable in if let rows, rows.seen != nil, rows.changed { rows.save(in: stateFolder) } }
        guard content.rowsRead.broughtFewBodies else {
            let (bodies, _) = SideBySide.run({ [content] in SanitizedBodies.Inputs(of: content) }, saveRows)
            content.dropRawBodies()
            return (ArchiveLookup(content, keptIn: stateFolder), bodies, rows)
        }
        // A rebuild's read brought the bodies of few rows: the lookups keep them (pages and
        // indexes read only sanitized bodies) and are made beside the bodies' walk, each of the
        // two leaving a core idle for a while. Dropped first, the bodies would be copied out of
        // tables the walk still reads; made after it, the lookups were a tenth of the rebuild alone.
        let (lookup, bodies, _) = SideBySide.run({ [content] in ArchiveLookup(content, keptIn: stateFolder) },
                                                 { [content] in SanitizedBodies.Inputs(of: content) }, saveRows)
        return (lookup, bodies, rows)
    }

    /// How many pages this build wrote anew, found unchanged, and walked the inputs of.
    private struct RenderedPages {
        var written = 0
        var unchanged = 0
        var walked = 0

        mutating func count(_ outcome: StagedOutput.Outcome) {
            if outcome == .written { written += 1 } else { unchanged += 1 }
        }
    }

    /// The plan's pages, less the question pages drafts replace (a drafts build renders those
    /// with their answer drafts, `DraftPages`).
    private static func published(_ jobs: [PageJob], besides drafts: DraftPages?) -> [PageJob] {
        let replaced = drafts?.questionsWithDrafts ?? []
        return replaced.isEmpty ? jobs : jobs.filter { if case .question(let id) = $0 { !replaced.contains(id) } else { true } }
    }

    /// Renders and writes every page on every core; a page whose fingerprint (from its inputs,
    /// `PageInputs`, walked only where they changed: `PlanFingerprints`) the live output or its
    /// twin records is carried over (`StagedOutput`), neither rendered nor compared, and only the
    /// bodies of pages that are rendered are loaded. Then the draft pages, when there are drafts.
    /// The record of the pages' inputs is staged while the pages are checked, published with
    /// the manifest: neither it nor the last build's is held through rendering and the indexes.
    /// Returns how many pages were written, kept and walked.
    private func renderPages(_ published: [PageJob], drafts draftPages: DraftPages?, renderer: PageRenderer, inputs: FeedAndSitemapInputs,
                             into staged: StagedOutput, progress: any BuildProgress) throws -> RenderedPages {
        let archive = renderer.archive
        let bodies = renderer.bodies
        let (fingerprints, walked, kept) = try { () throws(OutputFileError) -> ([PageFingerprint], Int, [Bool]) in
            let plan = PlanFingerprints(jobs: published, renderer: renderer, entities: inputs.entities, seed: inputs.seed,
                                        previous: { (staged.liveSidecarWords(PageInputsState.sidecar), staged.liveSidecarWords(PageInputsJournal.sidecar)) },
                                        outputKnown: staged.liveIsKnown)
            if let note = plan.fullWalkNote { progress.note(note) }
            let fingerprints = plan.fingerprints
            // Whether the output already holds each page with its fingerprint, a chunk at a time,
            // beside the record's writing (a file of 75 MB at 100,000 questions).
            let chunks = stride(from: 0, to: published.count, by: Self.pagesPerCheck).map { $0..<min(published.count, $0 + Self.pagesPerCheck) }
            let (recorded, checked, _) = SideBySide.run({
                Result { () throws(OutputFileError) in try plan.write(to: staged) }
            }, {
                Result { () throws(OutputFileError) in
                    try ParallelWork.map(chunks) { chunk throws(OutputFileError) -> [Bool] in
                        let kept = try staged.carryOver(chunk.map { (published[$0].path, fingerprints[$0]) })
                        progress.advance(by: kept.reduce(0) { $0 + ($1 ? 1 : 0) })
                        return kept
                    }
                }
            }, {})
            try recorded.get()
            return (fingerprints, plan.walked, try checked.get().flatMap { $0 })
        }()
        let changed = published.indices.compactMap { kept[$0] ? nil : (published[$0], fingerprints[$0]) }
        var pages = RenderedPages(unchanged: published.count - changed.count, walked: walked)
        // A slice at a time, its bodies loaded before and let go after, so a full build of a
        // large archive never holds every body's HTML at once.
        for start in stride(from: 0, to: changed.count, by: Self.pagesPerSlice) {
            let slice = Array(changed[start..<min(changed.count, start + Self.pagesPerSlice)])
            let shown = slice.flatMap { $0.0.bodies(in: archive) }
            try bodies.load(shown)
            for outcome in try ParallelWork.map(slice, { job, fingerprint throws in
                let page = renderer.prepare(job)
                defer { progress.advance(by: 1) }
                return try staged.write(try renderer.render(page), to: page.path, fingerprint: fingerprint)
            }) {
                pages.count(outcome)
            }
            bodies.release(shown)
        }
        for page in try draftPages?.render() ?? [] {
            pages.count(try staged.write(page.bytes, to: page.path))
        }
        return pages
    }

    /// The renderer of this site's pages over one snapshot; `withDrafts` links the drafts index.
    func pageRenderer(archive: ArchiveLookup, bodies: SanitizedBodies, theme: Theme, withDrafts: Bool) -> PageRenderer {
        PageRenderer(
            archive: archive, bodies: bodies, theme: theme, siteTitle: config.title,
            baseURL: config.baseURL.map { $0.absoluteString.hasSuffix("/") ? $0.absoluteString : $0.absoluteString + "/" },
            footer: config.extra["footer"].flatMap { if case .string(let text) = $0 { text } else { nil } },
            draftsIndex: withDrafts ? DraftPages.index : nil)
    }
}
