import Foundation
import Synchronization
import Testing
import WenjinAPI
import WenjinHTTP
import WenjinModel
import WenjinStore
@testable import WenjinCrawler

/// Images come only from the source's origin and `crawl.assetHosts`, never from an address
/// inside the machine or its network unless the source is one (issue 10 §2).
@Suite("Asset hosts")
struct AssetHostPolicyTests {
    /// A public source given as an address (TEST-NET-3), so that no name is looked up.
    let publicSource = APIBaseURL("http://203.0.113.7/")!

    @Test("IPv4 in decimal, octal, hex and short forms is read as the address a URL parser sees")
    func ipv4Forms() {
        let loopback: UInt32 = 0x7F00_0001
        for form in ["127.0.0.1", "2130706433", "0177.0.0.1", "0x7f.0.0.1", "0x7f.1", "127.1", "0x7F000001", "127.0.0.1."] {
            #expect(HostAddress.ipv4(HostAddress.canonical(form)) == loopback, "\(form)")
        }
        #expect(HostAddress.ipv4("169.254.169.254") == 0xA9FE_A9FE)
        for name in ["wenjin.in", "1.2.3.4.5", "256.1.1.1", "08.1.1.1", "example.127"] {
            #expect(HostAddress.ipv4(name) == nil, "\(name)")
        }
    }

    @Test("loopback, link-local and private addresses are refused from a public source, in every spelling")
    func internalAddressesAreRefused() async throws {
        let hosts = ["127.0.0.1", "2130706433", "0177.0.0.1", "0x7f.1", "10.1.2.3", "172.31.0.1", "192.168.1.1",
                     "169.254.169.254", "100.64.0.1", "0.0.0.0", "[::1]", "[fe80::1]", "[fd00::1]", "[::ffff:127.0.0.1]",
                     "[::ffff:169.254.169.254]", "[64:ff9b::a9fe:a9fe]", "[2002:7f00:1::]", "[::]", "localhost"]
        let policy = AssetHostPolicy(source: publicSource, assetHosts: hosts.map { $0.trimmingCharacters(in: ["[", "]"]) })
        for host in hosts {
            let refusal = await policy.refusal(for: URL(string: "http://\(host)/uploads/a.png")!)
            #expect(refusal?.contains("loopback, link-local or private") == true, "\(host): \(refusal ?? "allowed")")
        }
    }

    @Test("the source's origin and listed public hosts are allowed; other hosts, ports, schemes and user:password@ are not")
    func onlyTheOriginAndListedHosts() async {
        let policy = AssetHostPolicy(source: publicSource, assetHosts: ["198.51.100.9", "img.example.org"])
        #expect(await policy.refusal(for: URL(string: "http://203.0.113.7/uploads/a.png")!) == nil)
        #expect(await policy.refusal(for: URL(string: "http://203.0.113.7:80/uploads/a.png")!) == nil)
        #expect(await policy.refusal(for: URL(string: "https://198.51.100.9:8443/a.png")!) == nil)
        for refused in ["http://203.0.113.7:8080/a.png", "https://203.0.113.7/a.png", "http://evil.example.org/a.png",
                        "http://user:secret@198.51.100.9/a.png", "ftp://198.51.100.9/a.png"] {
            #expect(await policy.refusal(for: URL(string: refused)!) != nil, "\(refused)")
        }
        let none = AssetHostPolicy(source: publicSource, assetHosts: [])
        #expect(await none.refusal(for: URL(string: "http://198.51.100.9/a.png")!)?.contains("crawl.assetHosts") == true)
    }

    @Test("a source on loopback may fetch its own images (the sample server)")
    func loopbackSourceKeepsItsImages() async {
        let policy = AssetHostPolicy(source: APIBaseURL("http://127.0.0.1:8080/")!, assetHosts: [])
        #expect(await policy.refusal(for: URL(string: "http://127.0.0.1:8080/uploads/a.png")!) == nil)
        #expect(await policy.refusal(for: URL(string: "http://127.0.0.1:9090/uploads/a.png")!) != nil)
    }

    @Test("a crawl records a refused image as failed with the reason, sends it no request, and goes on")
    func refusedImagesAreRecorded() async throws {
        let site = try SampleSite(questions: 3)
        let hits = Mutex(0)
        let other = HTTPServer { _ in
            hits.withLock { $0 += 1 }
            return WenjinHTTP.HTTPResponse(headers: ["Content-Type": "image/png"], body: [0x89, 0x50, 0x4E, 0x47])
        }
        let port = try other.start()
        defer { other.stop() }
        let store = try site.openStore()
        let ownImage = site.base.text + "uploads/avatar/000/00/00/01_avatar_max.jpg"
        let otherPort = "http://127.0.0.1:\(port)/uploads/a.png"
        let foreign = "http://evil.example.org/uploads/b.png"
        try store.write { writer in
            for job in [CrawlJob.asset(otherPort), .asset(foreign), .asset(ownImage)] { try writer.add(job) }
        }
        var options = site.options()
        options.credentials = nil
        let summary = try await Crawler(options: options, store: store).run()
        #expect(summary.tasksFailed == 0)
        #expect(hits.withLock { $0 } == 0)
        for url in [otherPort, foreign] {
            let asset = try #require(try store.read { try $0.asset(AssetURL(url)) })
            #expect(asset.state == .failed)
            #expect(asset.error?.contains("refused") == true, "\(asset.error ?? "")")
        }
        #expect(try store.read { try $0.asset(AssetURL(ownImage)) }?.state != .failed)
    }
}
