import Foundation
import WenjinHTTP

/// Answers one request of the preview server: files of the root, the live-reload event stream,
/// and the site's own 404 page. Only GET and HEAD are served.
struct PreviewResponder: Sendable {
    let root: URL
    let status: BuildStatus
    /// The `Host` values answered; others get 403 (`PreviewHosts`).
    let hosts: PreviewHosts

    /// How long one event stream lasts before it ends and the browser reconnects (after the
    /// `retry` delay, with the same `since`, so no rebuild is missed). Ending streams frees their
    /// threads from pages long closed.
    static let streamLifetime: Duration = .seconds(30)
    /// How often an event stream looks for a new rebuild; short enough to feel immediate.
    static let eventPollInterval: Duration = .milliseconds(100)
    /// A comment line now and then keeps proxies and browsers from dropping an idle stream.
    static let heartbeatInterval: Duration = .seconds(15)

    func respond(to request: HTTPRequest) -> HTTPResponse {
        guard hosts.accepts(request.headers["Host"]) else {
            return HTTPResponse(
                status: .forbidden, headers: ["Content-Type": "text/plain; charset=utf-8"],
                body: "403 Forbidden: the preview answers only requests for its own address (127.0.0.1, localhost or [::1] and its port)\n")
        }
        guard request.method == .get || request.method == .head else {
            return HTTPResponse(
                status: .methodNotAllowed, headers: ["Allow": "GET, HEAD", "Content-Type": "text/plain; charset=utf-8"],
                body: "405 Method Not Allowed: the preview answers GET and HEAD only\n")
        }
        if request.path == LiveReloadScript.eventsPath { return events(since: Self.since(in: request.query)) }
        guard let resolver = SiteFileResolver(root: root) else { return notFound(resolver: nil) }
        switch resolver.resolve(request.path) {
        case .refused:
            return HTTPResponse(status: .badRequest, headers: ["Content-Type": "text/plain; charset=utf-8"], body: "400 Bad Request\n")
        case .folderWithoutSlash:
            let location = request.path + "/" + (request.query.map { "?" + $0 } ?? "")
            return HTTPResponse(status: .movedPermanently, headers: ["Location": location])
        case .notFound:
            return notFound(resolver: resolver)
        case .file(let file):
            return serve(file, ifNoneMatch: request.headers["If-None-Match"])
        }
    }

    private func serve(_ file: FoundFile, ifNoneMatch: String?) -> HTTPResponse {
        let contentType = ContentType.of(fileName: file.path)
        let isHTML = ContentType.isHTML(contentType)
        let snapshot = status.snapshot
        var entityTag = file.entityTag
        // An HTML page carries the reload script and any error overlay, which change with each rebuild.
        if isHTML { entityTag.insert(contentsOf: "-g\(snapshot.generation)", at: entityTag.index(before: entityTag.endIndex)) }
        var headers: HTTPHeaders = ["ETag": entityTag, "Cache-Control": "no-cache", "X-Content-Type-Options": "nosniff"]
        if let ifNoneMatch, Self.matches(ifNoneMatch, entityTag) {
            return HTTPResponse(status: .notModified, headers: headers)
        }
        guard let data = FileManager.default.contents(atPath: file.path) else { return notFound(resolver: nil) }
        headers["Content-Type"] = contentType
        var body = [UInt8](data)
        if isHTML { body = LiveReloadScript.inject(into: body, generation: snapshot.generation, buildError: snapshot.error) }
        return HTTPResponse(status: .ok, headers: headers, body: body)
    }

    /// The site's own `404.html` when it has one, else a small page; both reload on rebuild.
    private func notFound(resolver: SiteFileResolver?) -> HTTPResponse {
        let snapshot = status.snapshot
        var page = Array("<!doctype html><html><head><meta charset=\"utf-8\"><title>404</title></head><body><h1>404 Not Found</h1></body></html>".utf8)
        if case .file(let file)? = resolver?.resolve("/404.html"), let data = FileManager.default.contents(atPath: file.path) {
            page = [UInt8](data)
        }
        return HTTPResponse(
            status: .notFound, headers: ["Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-cache"],
            body: LiveReloadScript.inject(into: page, generation: snapshot.generation, buildError: snapshot.error))
    }

    /// A server-sent-events stream that sends `reload` once the rebuild generation differs from
    /// the page's, then keeps the connection until the page goes.
    private func events(since: Int?) -> HTTPResponse {
        let status = self.status
        let stream = HTTPBodyStream { writer in
            // Reconnect soon after a server restart, so the page notices it is back.
            var announced = since ?? status.snapshot.generation
            guard writer.write("retry: 500\n\n") else { return }
            var quiet: Duration = .zero
            var open: Duration = .zero
            while open < Self.streamLifetime {
                let generation = status.snapshot.generation
                if generation != announced {
                    announced = generation
                    guard writer.write("event: reload\ndata: \(generation)\n\n") else { return }
                    quiet = .zero
                } else if quiet >= Self.heartbeatInterval {
                    guard writer.write(": still here\n\n") else { return }
                    quiet = .zero
                }
                guard writer.waitWhileOpen(for: Self.eventPollInterval) else { return }
                quiet += Self.eventPollInterval
                open += Self.eventPollInterval
            }
        }
        return HTTPResponse(
            headers: ["Content-Type": "text/event-stream", "Cache-Control": "no-cache", "X-Accel-Buffering": "no"], stream: stream)
    }

    private static func since(in query: String?) -> Int? {
        query?.split(separator: "&").lazy.compactMap { pair -> Int? in
            pair.hasPrefix("since=") ? Int(pair.dropFirst(6)) : nil
        }.first
    }

    /// `If-None-Match` holds `*` or a list of tags, compared weakly (RFC 9110 §13.1.2).
    static func matches(_ header: String, _ entityTag: String) -> Bool {
        header.split(separator: ",").contains { candidate in
            var tag = candidate.trimmingCharacters(in: .whitespaces)
            if tag.hasPrefix("W/") { tag.removeFirst(2) }
            return tag == "*" || tag == entityTag
        }
    }
}
