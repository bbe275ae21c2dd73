import Foundation
import WenjinCrawler
import WenjinSample

extension CrawlOptions {
    /// A crawl of a sample server as fast as loopback allows, logged in as its first user, with
    /// short backoffs so a test's retries do not wait as a real site's would.
    static func sample(_ server: URL, community: SampleCommunity, assets: URL) -> CrawlOptions {
        var options = CrawlOptions(source: .init(server.absoluteString)!, assetsFolder: assets)
        options.credentials = .init(userName: community.users[0].userName, password: SampleAPI.password)
        options.requestsPerSecond = 0
        options.connectionsPerHost = 4
        options.backoffBase = .milliseconds(20)
        options.backoffMax = .milliseconds(200)
        return options
    }
}
