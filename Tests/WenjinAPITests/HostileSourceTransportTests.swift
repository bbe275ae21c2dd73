import Foundation
import Testing
@testable import WenjinAPI

/// What the transport does with a source it cannot trust: cookies stay on the exact origin
/// that logged in, redirects stay within it, and every body is capped and every request ends
/// at its deadline, whatever the server sends (issue 10 §2, §3).
@Suite("A hostile source's transport")
struct HostileSourceTransportTests {
    /// A deadline no loopback request reaches however loaded the machine is: only the tests of the
    /// deadline itself use a short one (`trickleLimits`), against a server that trickles far longer.
    static let limits = TransferLimits(maxBytes: 1 << 20, deadlineSeconds: 120)
    /// The shortest deadline there is, against trickles of 25 s (a head of 100 lines at 250 ms
    /// a line) and 150 s (a body of 600 bytes at 250 ms a byte): never near each other.
    static let trickleLimits = TransferLimits(maxBytes: 1 << 20, deadlineSeconds: 1)

    func client(_ server: HostileServer, base: String? = nil, timeout: TimeInterval = 30, limits: TransferLimits = Self.limits) -> APIClient {
        APIClient(.init(base: APIBaseURL(base ?? server.base)!, timeout: timeout, limits: limits))
    }

    func get(_ client: APIClient, _ url: String) async -> Result<APIResponse, APIError> {
        do { return .success(try await client.get(URL(string: url)!)) } catch { return .failure(error) }
    }

    @Test("login cookies go back to the origin that set them and never to another port or host name of the same machine")
    func cookiesStayOnTheOrigin() async throws {
        let source = try HostileServer()
        let otherPort = try HostileServer()
        let client = client(source)
        _ = await get(client, source.base + "login")
        #expect(client.isLoggedIn)
        _ = await get(client, source.base + "again")
        _ = await get(client, otherPort.base + "elsewhere")
        _ = await get(client, "http://localhost:\(source.port)/other-name")
        #expect(source.requests.first { $0.target == "/again" }?.cookie == "wj_user_login=secret")
        #expect(otherPort.requests.map(\.target) == ["/elsewhere"])
        #expect(otherPort.requests.allSatisfy { $0.cookie == nil }, "\(otherPort.requests)")
        #expect(source.requests.filter { $0.host?.hasPrefix("localhost") == true }.allSatisfy { $0.cookie == nil })
    }

    @Test("an https origin and an http origin of the same host are different origins, so cookies never go over plain http")
    func schemeIsPartOfTheOrigin() {
        let secure = Origin(URL(string: "https://wenjin.example/")!)
        #expect(secure != Origin(URL(string: "http://wenjin.example/")!))
        #expect(secure == Origin(URL(string: "HTTPS://Wenjin.Example:443/?/api/")!))
        #expect(Origin(URL(string: "http://wenjin.example:8080/")!) != Origin(URL(string: "http://wenjin.example/")!))
        #expect(Origin(URL(string: "ftp://wenjin.example/")!) == nil)
    }

    @Test("a redirect to another port or host name is not followed, and the error says where it pointed")
    func foreignRedirectsAreRefused() async throws {
        let source = try HostileServer()
        let otherPort = try HostileServer()
        let client = client(source)
        _ = await get(client, source.base + "login")
        for target in [otherPort.base + "stolen", "http://localhost:\(source.port)/stolen"] {
            let escaped = target.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
            let result = await get(client, source.base + "redirect?to=" + escaped)
            guard case .failure(let error) = result else { Issue.record("followed to \(target)"); continue }
            #expect(error.reason == .redirectRefused(location: target))
            #expect(error.status == 302)
            #expect(!error.isTransient)
        }
        #expect(otherPort.requests.isEmpty, "\(otherPort.requests)")
        #expect(!source.requests.contains { $0.target == "/stolen" }, "\(source.requests)")
    }

    @Test("a redirect within the origin is followed")
    func sameOriginRedirectsAreFollowed() async throws {
        let source = try HostileServer()
        let response = try #require(try? await client(source).get(URL(string: source.base + "redirect?to=%2Flanded")!))
        #expect(response.status == 200)
        #expect(String(decoding: response.body, as: UTF8.self) == "ok /landed")
    }

    @Test("a gzip bomb is refused before a byte of it is inflated, with an error that names the compression")
    func gzipBombIsRefused() async throws {
        let source = try HostileServer()
        guard case .failure(let error) = await get(client(source), source.base + "bomb") else {
            Issue.record("a body of \(HostileServer.bombBytes) bytes was accepted under a cap of \(Self.limits.maxBytes)")
            return
        }
        #expect(error.reason == .compressedBody(encoding: "gzip"))
        #expect(error.description.contains("compressedBody"))
        #expect(source.requests.first?.cookie == nil)
    }

    @Test("the client asks for uncompressed bodies")
    func asksForIdentity() async throws {
        let source = try HostileServer()
        _ = await get(client(source), source.base + "plain")
        #expect(source.requests.map(\.acceptEncoding) == ["identity"])
    }

    @Test("a body streamed without a length is aborted at the cap")
    func endlessBodyIsCut() async throws {
        let source = try HostileServer()
        guard case .failure(let error) = await get(client(source), source.base + "endless") else {
            Issue.record("an endless body was accepted")
            return
        }
        #expect(error.reason == .tooLarge(limit: Self.limits.maxBytes))
    }

    @Test("a Content-Length over the cap is refused at the head; get's own cap (images) wins over the client's")
    func announcedLengthIsRefused() async throws {
        let source = try HostileServer()
        let client = client(source)
        guard case .failure(let error) = await get(client, source.base + "announced-huge") else {
            Issue.record("a 60 MB body was accepted")
            return
        }
        #expect(error.reason == .tooLarge(limit: Self.limits.maxBytes))
        do {
            _ = try await client.get(URL(string: source.base + "small")!, maxBytes: 4)
            Issue.record("a 9-byte body passed a 4-byte cap")
        } catch {
            #expect(error.reason == .tooLarge(limit: 4))
        }
    }

    @Test("a body trickled a byte at a time ends at the request's deadline, which the idle timeout never reaches")
    func trickledBodyMeetsTheDeadline() async throws {
        let source = try HostileServer()
        guard case .failure(let error) = await get(client(source, limits: Self.trickleLimits), source.base + "trickle-body") else {
            Issue.record("the trickle was waited out")
            return
        }
        #expect(error.reason == .deadlineExceeded(seconds: Self.trickleLimits.deadlineSeconds))
        #expect(error.isTransient)
    }

    @Test("a head trickled a line at a time ends at the request's deadline")
    func trickledHeadMeetsTheDeadline() async throws {
        let source = try HostileServer()
        guard case .failure(let error) = await get(client(source, limits: Self.trickleLimits), source.base + "trickle-head") else {
            Issue.record("the trickle was waited out")
            return
        }
        #expect(error.reason == .deadlineExceeded(seconds: Self.trickleLimits.deadlineSeconds))
    }
}
