import Foundation
import WenjinAPI
import WenjinDrafts
import WenjinSample
import WenjinSite
import WenjinStore

/// `wenjin demo [--questions N]`
enum DemoCommand {
    /// The community the demo crawls: fixed, so every run (and the README) shows the same site.
    static let community = SampleCommunity.Options(seed: 2015, questions: 500)
    /// A smaller community makes a quicker demo (the demo's own test crawls and builds it twice).
    static let questions = Parameter.option(
        "questions", value: "N", kind: .integer(1...1_000_000), default: "\(community.questions)",
        help: "Number of questions the sample community holds.")

    static let declaration = CommandDeclaration(
        name: "demo",
        summary: "The whole job against the sample server: crawl, build, serve.",
        discussion: """
            Starts the sample community's server on the port of source.baseURL in site.json (a free \
            one when that is taken), crawls it into the store (a second run fetches only what \
            changed), puts two sample drafts into draft.db when it holds none, builds the published \
            site into the output folder, and serves a preview with the drafts on 127.0.0.1:8000 \
            (a free port when that is taken) until Ctrl-C.
            """,
        parameters: [questions],
        action: run)

    static func run(_ invocation: Invocation) async throws -> ExitCode {
        let console = invocation.console
        let config = try invocation.loadSiteConfig()
        var community = community
        community.questions = invocation.arguments.integer(questions) ?? community.questions
        let api = SampleAPI(community: SampleCommunity(community))

        let wanted = config.source.baseURL?.port ?? 8080
        var sampleServer = SampleServer(api: api, port: wanted)
        do {
            try sampleServer.start()
        } catch {
            sampleServer = SampleServer(api: api, port: 0)
            try sampleServer.start()
            console.error("port \(wanted) is taken; the sample server listens on \(sampleServer.port ?? 0) instead\n")
        }
        defer { sampleServer.stop() }
        guard let sampleURL = sampleServer.baseURL, let base = APIBaseURL(sampleURL.absoluteString) else {
            throw CommandLineError(commandPath: invocation.commandPath, reason: .missingOption("--source"))
        }
        console.error("sample community (\(community.questions) questions) at \(sampleURL.absoluteString)\n")

        let storeFolder = config.resolve(config.store.directory)
        let store = try Store.open(at: storeFolder.appendingPathComponent(Store.fileName))
        var options = CrawlCommand.crawlOptions(config, base: base, assets: storeFolder.appendingPathComponent("assets"),
                                                environment: invocation.environment)
        if options.credentials == nil, let user = api.community.users.first {
            options.credentials = .init(userName: user.userName, password: SampleAPI.password)
        }
        let summary = try await CrawlCommand.crawl(options: options, store: store, console: console)
        console.output(CrawlCommand.describe(summary, counts: try store.counts()))
        sampleServer.stop()
        // Ctrl-C during the crawl stopped the crawl; it stops the demo too, with what was stored kept.
        if summary.stoppedEarly && Interruption.requested {
            console.error("interrupted: the demo stopped after the crawl\n")
            return .success
        }

        let drafts = DraftDatabase(configured: config.resolve(config.drafts.path))
        if try drafts.load().isEmpty {
            try DemoDrafts.add(to: drafts, store: store, assets: storeFolder.appendingPathComponent("assets"))
            console.output("added two sample drafts to \(drafts.file.path) (see `wenjin drafts list`)")
        }

        let builder = SiteBuilder(config: config, store: store)
        let published = try builder.build(into: builder.defaultOutput)
        console.output("Published site (no drafts) in \(builder.defaultOutput.path): \(published.line)")
        console.output("Open it from disk: \(builder.defaultOutput.appendingPathComponent("index.html").absoluteString)")

        // Ctrl-C while building is kept until the build has finished its output (never left half
        // published); then the demo ends instead of serving.
        if Interruption.requested {
            console.error("interrupted: the demo stopped before the preview\n")
            return .success
        }
        let preview = try ServeCommand.startPreview(config: config, store: store, host: "127.0.0.1", ports: [8000, 0], console: console)
        await Interruption.wait()
        preview.server.stop()
        console.error("preview server stopped\n")
        return .success
    }
}
