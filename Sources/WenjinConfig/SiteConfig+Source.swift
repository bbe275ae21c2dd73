import Foundation
import WenjinSanitizer

extension SiteConfig {
    /// The community the crawler reads.
    public struct Source: Sendable, Equatable {
        /// Which API dialect the server speaks (docs/api.md §2 versus §8).
        public enum Flavor: String, Sendable, CaseIterable {
            case wenjin
            case wecenter
        }

        /// Base URL of the community's API. Nil until set here or given on the command line
        /// (`wenjin crawl --source URL`, which wins; `wenjin demo` passes its sample server's).
        public var baseURL: URL?
        /// Hosts the community lived on over the years (docs/api.md §1.1), lower-cased. Links
        /// to them in posts are the community's own and become links into the archive.
        public var historicalHosts = CommunityHosts.historical
        /// On `wecenter` the crawler reads each question's web page to learn who is anonymous
        /// (upstream's API sends the real author); see README, "Publishing safely".
        public var flavor = Flavor.wenjin
        public var login = Login()

        public init() {}
    }

    /// Which environment variables hold the login; the secrets themselves never go in site.json.
    public struct Login: Sendable, Equatable {
        public var userVariable = EnvironmentVariableName("WENJIN_USER")!
        public var passwordVariable = EnvironmentVariableName("WENJIN_PASSWORD")!

        public init() {}

        /// User name and password when both variables are set; nil means crawl without logging in.
        public func credentials(in environment: [String: String]) -> (user: String, password: String)? {
            guard let user = userVariable.value(in: environment),
                  let password = passwordVariable.value(in: environment) else { return nil }
            return (user, password)
        }
    }
}
