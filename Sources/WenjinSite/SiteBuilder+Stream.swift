import Foundation
import WenjinBuildSupport

extension SiteBuilder {
    /// Renders the published site (never drafts) into `sink` instead of an output folder: every
    /// file `build` would publish, less the web host's (`build.hosting`: its `.gz`/`.br` siblings
    /// and `_headers`), each handed over once as soon as it is made, from every core, with the
    /// `PageText` of the question and article pages. Made by the same renderer and writers as
    /// `build`, but nothing is written to the output folder, nothing is carried over from it, and
    /// no file is read back (docs/design.md#zim-export). The row digests are kept as a build keeps
    /// them: they describe the store, not an output.
    package func stream(into sink: any SiteSink, progress: any BuildProgress = SilentProgress()) throws(SiteError) -> BuildSummary {
        let steps = BuildSteps(progress: progress)
        let stateFolder = URL(fileURLWithPath: store.path).deletingLastPathComponent()
        let (loaded, previous) = SideBySide.run({ Result { () throws(SiteError) in try steps.run(.loadTheme) { try loadTheme(progress: progress) } } },
                                                { PreviousBuild(stateFolder: stateFolder) })
        let theme = try loaded.get()
        let prepared = try prepare(steps: steps, stateFolder: stateFolder, previous: consume previous, output: { .success(()) }, discard: { _ in })
        let (archive, bodies) = (prepared.archive, prepared.bodies)
        var summary = BuildSummary(bodies: bodies)
        summary.lookupsKept = archive.tookKept
        let output = StreamedOutput(sink: sink, texts: PageText.published(archive: archive, bodies: bodies))
        let jobs = prepared.jobs
        let renderer = pageRenderer(archive: archive, bodies: bodies, theme: theme, withDrafts: false)
        let inputs = prepared.feedAndSitemapInputs(seed: PageFingerprint.seed(theme: theme, renderer: renderer))

        // In the order of precedence of a published folder, where a later file replaces an
        // earlier one at the same path (indexes over `Public/`, `Public/` over pages), since the
        // stream keeps the first: indexes, files, then the pages.
        let indexes = SiteIndexes(archive: archive, siteTitle: config.title, baseURL: config.baseURL, inputs: inputs)
        let written = try steps.run(.writeIndexes, givingBackMemory: true) {
            // `live` is never read: a stream has no published state to patch the search index from.
            try indexes.write(pages: jobs, into: output, live: defaultOutput, progress: steps.progress)
        }
        summary.search = written.search
        summary.filesWritten = written.written
        let copied = try steps.run(.copyFiles, over: { try SiteFileList(theme: theme, archive: archive, config: config,
                                                                          storedImages: prepared.storedImages) }) { files in
            try copy(files, into: output, progress: steps.progress)
        }
        summary.filesWritten += copied.filter { $0 == .written }.count
        summary.pagesWritten = try steps.run(.renderPages, total: jobs.count, givingBackMemory: true) {
            let count = try streamPages(jobs, renderer: renderer, into: output, progress: steps.progress)
            bodies.releaseHTML()
            return count
        }
        summary.seconds = steps.seconds
        return summary
    }

    /// Renders every page on every core, a slice at a time as `build` does (its bodies loaded
    /// before and let go after), with no fingerprints: nothing is carried over. How many
    /// pages were handed over.
    private func streamPages(_ jobs: [PageJob], renderer: PageRenderer, into output: StreamedOutput,
                             progress: any BuildProgress) throws -> Int {
        let bodies = renderer.bodies
        var handed = 0
        for start in stride(from: 0, to: jobs.count, by: Self.pagesPerSlice) {
            let slice = Array(jobs[start..<min(jobs.count, start + Self.pagesPerSlice)])
            let shown = slice.flatMap { $0.bodies(in: renderer.archive) }
            try bodies.load(shown)
            handed += try ParallelWork.map(slice) { job throws in
                let page = renderer.prepare(job)
                defer { progress.advance(by: 1) }
                return try output.write(try renderer.render(page), to: page.path) == .written ? 1 : 0
            }.reduce(0, +)
            bodies.release(shown)
        }
        return handed
    }
}
