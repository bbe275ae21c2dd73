import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@testable import WenjinSample

/// A sample server on a free loopback port for one test, and a client that speaks to it the way
/// the WENJIN apps did: plain GETs with the cookies it was given, form POSTs for login.
final class LiveSampleServer: Sendable {
    let server: SampleServer
    let base: String
    let session: URLSession

    struct Fetched {
        let status: Int
        let headers: [String: String]
        let body: Data

        var json: OrderedJSON { get throws { try OrderedJSON(parsing: Array(body)) } }
        var rsm: OrderedJSON { get throws { try json["rsm"] ?? .null } }
        func header(_ name: String) -> String? {
            headers.first { $0.key.caseInsensitiveCompare(name) == .orderedSame }?.value
        }
    }

    convenience init(questions: Int = 150, seed: UInt64 = 2015, flavor: SampleAPI.Flavor = .wenjin, faults: SampleFaults? = nil,
                     editedAnswers: Int = 0) throws {
        try self.init(options: .init(seed: seed, questions: questions, editedAnswers: editedAnswers), flavor: flavor, faults: faults)
    }

    init(options: SampleCommunity.Options, flavor: SampleAPI.Flavor = .wenjin, faults: SampleFaults? = nil) throws {
        let community = SampleCommunity(options)
        server = SampleServer(api: SampleAPI(community: community, flavor: flavor), faults: faults)
        let port = try server.start()
        base = "http://127.0.0.1:\(port)"
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpCookieAcceptPolicy = .never
        configuration.httpShouldSetCookies = false
        configuration.timeoutIntervalForRequest = 60
        configuration.httpMaximumConnectionsPerHost = 8
        session = URLSession(configuration: configuration)
    }

    var community: SampleCommunity { server.api.community }

    deinit { server.stop() }

    func get(_ target: String, cookies: String? = nil) async throws -> Fetched {
        var request = URLRequest(url: URL(string: base + target)!)
        if let cookies { request.setValue(cookies, forHTTPHeaderField: "Cookie") }
        return try await send(request)
    }

    /// Logs in as `userName` and returns the Cookie header later requests send.
    func login(as userName: String, password: String = SampleAPI.password) async throws -> (Fetched, cookies: String) {
        var request = URLRequest(url: URL(string: base + "/?/api/account/login_process/")!)
        request.httpMethod = "POST"
        request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
        let form = "user_name=\(userName.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)&password=\(password)"
        request.httpBody = Data(form.utf8)
        let response = try await send(request)
        let cookies = response.setCookies
            .map { $0.split(separator: ";")[0] }
            .filter { !$0.hasSuffix("=deleted") }
            .joined(separator: "; ")
        return (response, cookies)
    }

    private func send(_ request: URLRequest) async throws -> Fetched {
        let (data, response) = try await session.data(for: request)
        let http = response as! HTTPURLResponse
        var headers: [String: String] = [:]
        for (name, value) in http.allHeaderFields { headers["\(name)"] = "\(value)" }
        return Fetched(status: http.statusCode, headers: headers, body: data)
    }
}

extension LiveSampleServer.Fetched {
    /// Every `Set-Cookie` line; URLSession folds repeated headers into one comma-joined value,
    /// and cookie dates hold commas too, so split only where a new `name=` follows.
    var setCookies: [String] {
        guard let folded = header("Set-Cookie") else { return [] }
        let separator = try! NSRegularExpression(pattern: ", (?=[A-Za-z0-9_]+=)")
        let marked = separator.stringByReplacingMatches(
            in: folded, range: NSRange(folded.startIndex..., in: folded), withTemplate: "\u{1}")
        return marked.split(separator: "\u{1}").map(String.init)
    }
}
