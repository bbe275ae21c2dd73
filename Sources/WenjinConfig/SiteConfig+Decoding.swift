import Foundation
import WenjinJSON

extension SiteConfig {
    package static let fileName = "site.json"

    /// The configuration of the site folder `root`: its site.json, or all defaults when the
    /// folder has none.
    package static func load(root: URL) throws(SiteConfigError) -> SiteConfig {
        let file = root.appendingPathComponent(fileName)
        guard FileManager.default.fileExists(atPath: file.path) else { return SiteConfig(root: root) }
        return try decode(ConfigFileText.read(file, name: fileName), root: root, file: fileName)
    }

    /// Decodes the text of a site.json; `file` names it in errors.
    package static func decode(_ text: String, root: URL, file: String = fileName) throws(SiteConfigError)
        -> SiteConfig {
        var reader = try ConfigObjectReader(parsing: text, file: file)
        var config = SiteConfig(root: root)
        if let title = try reader.string("title") { config.title = title }
        if let language = try reader.choice("language", as: Language.self) { config.language = language }
        config.baseURL = try reader.webURL("baseURL", directory: true)
        if var section = try reader.object("source") { config.source = try decodeSource(&section) }
        if var section = try reader.object("crawl") { config.crawl = try decodeCrawl(&section) }
        if var section = try reader.object("build") {
            if let path = try section.string("outputDirectory") { config.build.outputDirectory = ConfigPath(path) }
            if let paths = try section.strings("allowOutside") {
                if paths.contains(where: \.isEmpty), let node = section.node("allowOutside") {
                    throw section.failure("allowOutside", at: node, .invalidValue(value: "\"\"", expected: "folder paths"))
                }
                config.build.allowOutside = paths.map(ConfigPath.init)
            }
            if var hosting = try section.object("hosting") { config.build.hosting = try decodeHosting(&hosting) }
            try section.rejectUnknownKeys()
        }
        var storeSection = try reader.object("store")
        if var section = storeSection {
            if let path = try section.string("directory") { config.store.directory = ConfigPath(path) }
            try section.rejectUnknownKeys()
            storeSection = section
        }
        if var section = try reader.object("theme") { config.theme = try decodeTheme(&section) }
        if var section = try reader.object("drafts") {
            if let path = try section.string("path") { config.drafts.path = ConfigPath(path) }
            try section.rejectUnknownKeys()
        }
        if var section = try reader.object("privacy") {
            if let path = try section.string("takedowns") { config.privacy.takedowns = ConfigPath(path) }
            if let policy = try section.choice("deleted", as: Privacy.DeletedPolicy.self) { config.privacy.deleted = policy }
            try section.rejectUnknownKeys()
        }
        if var section = try reader.object("zim") { config.zim = try decodeZim(&section) }
        if let extra = reader.node("extra") {
            guard case .object = extra.value else {
                throw reader.failure("extra", at: extra, .wrongType(expected: "an object", found: extra.kindDescription))
            }
            if case .object(let values) = ExtraValue(extra) { config.extra = values }
        }
        try reader.rejectUnknownKeys()
        if let problem = config.storePlaceProblem() {
            let reason = SiteConfigError.Reason.invalidValue(
                value: "\"\(config.store.directory)\"", expected: "a folder of its own for the store, but it \(problem)")
            if var section = storeSection, let node = section.node("directory") { throw section.failure("directory", at: node, reason) }
            throw SiteConfigError(file: file, keyPath: "store.directory", reason: reason)
        }
        return config
    }

    private static func decodeSource(_ reader: inout ConfigObjectReader) throws(SiteConfigError) -> Source {
        var source = Source()
        source.baseURL = try reader.webURL("baseURL")
        if let hosts = try reader.strings("historicalHosts") { source.historicalHosts = hosts.map { $0.lowercased() } }
        if let flavor = try reader.choice("flavor", as: Source.Flavor.self) { source.flavor = flavor }
        if var login = try reader.object("login") {
            if let name = try variableName(&login, "userVariable") { source.login.userVariable = name }
            if let name = try variableName(&login, "passwordVariable") { source.login.passwordVariable = name }
            try login.rejectUnknownKeys()
        }
        try reader.rejectUnknownKeys()
        return source
    }

    private static func variableName(_ reader: inout ConfigObjectReader, _ key: String) throws(SiteConfigError)
        -> EnvironmentVariableName? {
        guard let text = try reader.string(key), let node = reader.node(key) else { return nil }
        guard let name = EnvironmentVariableName(text) else {
            throw reader.failure(key, at: node, .invalidValue(
                value: "\"\(text)\"", expected: "the name of an environment variable (A-Z, 0-9, _), not a secret"))
        }
        return name
    }

    private static func decodeCrawl(_ reader: inout ConfigObjectReader) throws(SiteConfigError) -> Crawl {
        var crawl = Crawl()
        let nonNegative = 0...Double.greatestFiniteMagnitude
        if let rate = try reader.number("requestsPerSecond", in: nonNegative, allowed: "0 (no limit) or more") {
            crawl.requestsPerSecond = rate
        }
        if let count = try reader.integer("connectionsPerHost", in: 1...64, allowed: "1 to 64") {
            crawl.connectionsPerHost = count
        }
        if let count = try reader.integer("retries", in: 0...100, allowed: "0 to 100") { crawl.retries = count }
        if let seconds = try reader.number("backoffBaseSeconds", in: nonNegative, allowed: "0 or more") {
            crawl.backoffBase = .milliseconds(Int64(seconds * 1000))
        }
        if let seconds = try reader.number("backoffMaxSeconds", in: nonNegative, allowed: "0 or more") {
            crawl.backoffMax = .milliseconds(Int64(seconds * 1000))
        }
        if let seconds = try reader.number("timeoutSeconds", in: 0.001...86_400, allowed: "more than 0, at most 86400") {
            crawl.timeout = .milliseconds(Int64(seconds * 1000))
        }
        if let seconds = try reader.integer("deadlineSeconds", in: 1...86_400, allowed: "1 to 86400") {
            crawl.deadline = .seconds(seconds)
        }
        if let bytes = try reader.integer("maxResponseBytes", in: 1024...1_000_000_000,
                                          allowed: "1024 to 1000000000 (SQLite's largest value)") {
            crawl.maxResponseBytes = bytes
        }
        if let agent = try reader.string("userAgent") { crawl.userAgent = agent }
        if let obey = try reader.bool("obeyRobotsTxt") { crawl.obeyRobotsTxt = obey }
        if let share = try reader.number("maxFailureShare", in: 0...1, allowed: "0 to 1") { crawl.maxFailureShare = share }
        if let hosts = try reader.hostNames("assetHosts") { crawl.assetHosts = hosts }
        if let bytes = try reader.integer("maxAssetBytes", in: 1...Int.max, allowed: "1 or more") {
            crawl.maxAssetBytes = bytes
        }
        if let share = try reader.number("reverifyShare", in: 0...1, allowed: "0 to 1") { crawl.reverifyShare = share }
        if crawl.backoffMax < crawl.backoffBase {
            // Blame the key the user wrote: the maximum if given, else the base above the default maximum.
            let key = reader.node("backoffMaxSeconds") != nil ? "backoffMaxSeconds" : "backoffBaseSeconds"
            if let node = reader.node(key) {
                let base = seconds(crawl.backoffBase), max = seconds(crawl.backoffMax)
                throw reader.failure(key, at: node, .outOfRange(
                    value: "\(key == "backoffMaxSeconds" ? max : base)",
                    allowed: "backoffBaseSeconds (now \(base)) must not exceed backoffMaxSeconds (now \(max))"))
            }
        }
        try reader.rejectUnknownKeys()
        return crawl
    }

    private static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    private static func decodeTheme(_ reader: inout ConfigObjectReader) throws(SiteConfigError) -> Theme {
        var theme = Theme()
        if let name = try reader.string("name") {
            if let node = reader.node("name"), name.contains("/") || name.hasPrefix(".") {
                throw reader.failure("name", at: node, .invalidValue(
                    value: "\"\(name)\"", expected: "the name of a folder under Themes/"))
            }
            theme.name = name
        }
        if let path = try reader.string("bootstrapCSS") { theme.bootstrapCSS = ConfigPath(path) }
        if let path = try reader.string("bootstrapJS") { theme.bootstrapJS = ConfigPath(path) }
        if let path = try reader.string("jQuery") { theme.jQuery = ConfigPath(path) }
        try reader.rejectUnknownKeys()
        return theme
    }
}

extension ExtraValue {
    init(_ node: JSONNode) {
        switch node.value {
        case .object(let members):
            self = .object(Dictionary(members.map { ($0.key, ExtraValue($0.value)) }, uniquingKeysWith: { $1 }))
        case .array(let elements): self = .array(elements.map(ExtraValue.init))
        case .string(let text): self = .string(text)
        case .integer(let value): self = .number(Double(value))
        case .double(let value): self = .number(value)
        case .bool(let value): self = .bool(value)
        case .null: self = .null
        }
    }
}
