// WenjinPreview owns the local preview server: a built site folder served over WenjinHTTP with
// live reload (a watcher that rebuilds on change, an event stream that tells open pages) and build
// errors shown in the browser. It must serve nothing outside its root and knows nothing of how
// the site is built: the rebuild is a closure it is given.
import Foundation
import WenjinHTTP

/// Serves a folder on loopback for previewing, and reloads open pages after each rebuild.
///
/// ```swift
/// let preview = PreviewServer(root: output, host: "127.0.0.1", port: 8000,
///                             watch: [draftFile, themeFolder, publicFolder, siteJSON, store]) {
///     try builder.build(into: output)
/// }
/// let port = try preview.start()
/// preview.waitUntilStopped()
/// ```
///
/// The server does not build when it starts: build first (or call `rebuild()`), then serve.
/// When `rebuild` throws, the server keeps running, every HTML page shows the error over its
/// content, and the next successful rebuild reloads the pages without it.
package final class PreviewServer: Sendable {
    package let root: URL
    private let server: HTTPServer
    private let watcher: FileWatcher?
    private let status: BuildStatus
    private let rebuilder: SiteRebuilder
    private let hosts: PreviewHosts

    /// - Parameters:
    ///   - configuration: where to listen and the request limits and timeouts.
    ///   - watch: files and folders (read recursively) whose changes trigger `rebuild`; never the root itself.
    ///   - pollInterval: how often the watched paths are looked at.
    ///   - rebuild: rebuilds the site into `root`; runs on the watcher's thread, one at a time.
    package init(
        root: URL, configuration: HTTPServerConfiguration = HTTPServerConfiguration(host: "127.0.0.1", port: 8000),
        watch: [URL] = [], pollInterval: Duration = .milliseconds(250),
        rebuild: @escaping @Sendable () throws -> Void = {}
    ) {
        self.root = root
        let status = BuildStatus()
        self.status = status
        let rebuilder = SiteRebuilder(status: status, build: rebuild)
        self.rebuilder = rebuilder
        let hosts = PreviewHosts(listenAddress: configuration.host, port: configuration.port)
        self.hosts = hosts
        let responder = PreviewResponder(root: root, status: status, hosts: hosts)
        server = HTTPServer(configuration: configuration) { responder.respond(to: $0) }
        watcher = watch.isEmpty ? nil : FileWatcher(paths: watch, interval: pollInterval) { rebuilder.run() }
    }

    /// Listens on `host`:`port` (127.0.0.1:8000 is what `wenjin serve` uses by default).
    package convenience init(
        root: URL, host: String, port: Int, watch: [URL] = [], rebuild: @escaping @Sendable () throws -> Void = {}
    ) {
        self.init(root: root, configuration: HTTPServerConfiguration(host: host, port: port), watch: watch, rebuild: rebuild)
    }

    /// Starts serving and watching; returns the port (the chosen one when the configuration says 0).
    @discardableResult
    package func start() throws(PreviewError) -> Int {
        let port: Int
        do {
            port = try server.start()
            hosts.bound(to: port)
        } catch {
            throw PreviewError(.cannotListen(error), root: root.path)
        }
        watcher?.start()
        return port
    }

    /// Stops watching (waiting for a rebuild in progress), then stops serving.
    package func stop() {
        watcher?.stop()
        server.stop()
    }

    /// Blocks the calling thread until `stop()` has been called from elsewhere.
    package func waitUntilStopped() {
        server.waitUntilStopped()
    }

    /// Runs the rebuild now, records its outcome and tells every open page to reload.
    package func rebuild() {
        rebuilder.run()
    }

    /// Why the latest rebuild failed, or nil when it succeeded (or none ran yet).
    package var buildError: String? { status.snapshot.error }
}
