import Foundation
import WenjinConfig
import WenjinHTTP
import WenjinPreview
import WenjinSite
import WenjinStore

/// `wenjin serve [--host 127.0.0.1] [--port 8000]`
enum ServeCommand {
    static let host = Parameter.option(
        "host", value: "ADDRESS", default: "127.0.0.1", help: "Address to listen on.")
    static let port = Parameter.option(
        "port", value: "PORT", kind: .integer(0...65_535), default: "8000",
        help: "Port to listen on; 0 picks a free one and prints it.")

    static let declaration = CommandDeclaration(
        name: "serve",
        summary: "Preview server over a drafts-included build; rebuilds and reloads the browser on change.",
        discussion: """
            Builds the site with its drafts into the store's folder (.wenjin/preview, never the \
            published output), serves it, and rebuilds when draft.db, the theme, Public/, site.json \
            or the store change: open pages reload themselves, and a failed rebuild is shown over \
            them while the server keeps running. Ctrl-C stops it.
            """,
        parameters: [host, port],
        action: run)

    static func run(_ invocation: Invocation) async throws -> ExitCode {
        let config = try invocation.loadSiteConfig()
        let store = try Store.openExisting(at: config.resolve(config.store.directory).appendingPathComponent(Store.fileName))
        let address = invocation.arguments.text(host) ?? "127.0.0.1"
        let preview = try startPreview(config: config, store: store, host: address,
                                       ports: [invocation.arguments.integer(port) ?? 8000], console: invocation.console)
        await Interruption.wait()
        preview.server.stop()
        invocation.console.error("preview server stopped\n")
        return .success
    }

    /// Builds the preview and serves it on the first of `ports` that is free (0 = any free port);
    /// prints where. Also what `wenjin demo` calls.
    static func startPreview(config: SiteConfig, store: Store, host: String, ports: [Int],
                             console: Console) throws -> (server: PreviewServer, url: URL) {
        let preview = DraftPreview(config: config, store: store, output: DraftPreview.folder(for: config))
        console.error("building the preview, drafts included, into \(preview.output.path)\n")
        let initial = ContinuousClock.now
        try preview.rebuild()
        console.error("built in \(seconds(since: initial))\n")
        var lastError: PreviewError?
        for (number, candidate) in ports.enumerated() {
            let server = PreviewServer(root: preview.output, configuration: HTTPServerConfiguration(host: host, port: candidate),
                                       // A tenth of a second: a look at a few dozen files costs well under
                                       // a millisecond, and a saved draft shows that much sooner.
                                       watch: preview.watchedPaths, pollInterval: .milliseconds(100)) {
                let started = ContinuousClock.now
                do {
                    switch try preview.rebuild() {
                    case .wholeSite(let pages): console.error("rebuilt the site (\(pages) pages) in \(seconds(since: started))\n")
                    case .draftPages(let written, let removed):
                        console.error("drafts changed: \(written) pages written, \(removed) removed in \(seconds(since: started))\n")
                    }
                } catch {
                    console.error("rebuild failed (the pages show why; the server keeps running): \(error)\n")
                    throw error
                }
            }
            do {
                let bound = try server.start()
                if number > 0 { console.error("port \(ports[0]) is taken; serving on \(bound) instead\n") }
                let base = "http://\(host.contains(":") ? "[\(host)]" : host):\(bound)/"
                console.output("Preview (drafts included) at \(base)\nDrafts: \(base)drafts/index.html\nCtrl-C stops the server.")
                // The server listened, so `host` is a numeric address: the URL always parses.
                return (server, URL(string: base)!)
            } catch {
                guard case .cannotListen(let cause) = error.reason, cause.reason == .addressInUse else { throw error }
                lastError = error
            }
        }
        throw lastError ?? PreviewError(.cannotListen(HTTPServerError(.addressInUse, context: host)), root: preview.output.path)
    }

    static func seconds(since start: ContinuousClock.Instant) -> String {
        let elapsed = ContinuousClock.now - start
        let value = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        return value < 1 ? String(format: "%.0f ms", value * 1000) : String(format: "%.1f s", value)
    }
}
