import Foundation
import WenjinHTTP
import WenjinSample

/// The sample community on a real loopback server whose JSON bodies pass through `rewrite`
/// (given the request target and the body as text) before they are sent: a source that lies in
/// one chosen way and answers like the sample otherwise.
package final class RewritingSampleServer: Sendable {
    package let community: SampleCommunity
    private let server: HTTPServer

    package init(questions: Int, flavor: SampleAPI.Flavor = .wenjin,
                rewrite: @escaping @Sendable (_ target: String, _ body: String) -> String) throws {
        let community = SampleCommunity(.init(seed: 2015, questions: questions, editedAnswers: 0))
        self.community = community
        let api = SampleAPI(community: community, flavor: flavor)
        server = HTTPServer { request in
            let sample = api.respond(to: SampleRequest(
                method: request.method.rawValue, target: request.target, host: request.headers["Host"] ?? "127.0.0.1",
                cookieHeader: request.headers["Cookie"], formBody: String(decoding: request.body, as: UTF8.self)))
            var headers = HTTPHeaders()
            for (name, value) in sample.headers where name.lowercased() != "content-length" { headers.add(name, value) }
            let isJSON = sample.body.first == UInt8(ascii: "{")
            let body = isJSON ? Array(rewrite(request.target, String(decoding: sample.body, as: UTF8.self)).utf8) : sample.body
            return HTTPResponse(status: HTTPStatus(code: sample.status), headers: headers, body: body)
        }
        try server.start()
    }

    deinit { server.stop() }

    package var base: String { "http://127.0.0.1:\(server.port ?? 0)/" }
}
