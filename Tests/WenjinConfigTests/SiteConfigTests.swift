import Foundation
import Testing
import WenjinJSON
@testable import WenjinConfig

@Suite("site.json")
struct SiteConfigTests {
    let root = testSiteRoot

    private func error(_ json: String) -> SiteConfigError? { decodingError(json) }

    @Test("an empty object gives every default")
    func defaults() throws {
        let config = try SiteConfig.decode("{}", root: root)
        #expect(config == SiteConfig(root: root))
        #expect(config.title == "问津")
        #expect(config.language == .simplifiedChinese)
        #expect(config.baseURL == nil)
        #expect(config.source.baseURL == nil)
        #expect(config.source.flavor == .wenjin)
        #expect(config.source.historicalHosts.contains("wenjin.in"))
        #expect(config.crawl.requestsPerSecond == 1)
        #expect(config.crawl.connectionsPerHost == 2)
        #expect(config.crawl.obeyRobotsTxt)
        #expect(config.crawl.reverifyShare == 0.05)
        #expect(config.resolve(config.build.outputDirectory).path == "/srv/site/_site")
        #expect(config.resolve(config.store.directory).path == "/srv/site/.wenjin")
        #expect(config.resolve(config.theme.jQuery).path == "/usr/share/javascript/jquery/jquery.min.js")
        #expect(config.resolve(config.theme.bootstrapCSS).path
            == "/usr/share/javascript/bootstrap5/css/bootstrap.min.css")
    }

    @Test("a folder without site.json loads as all defaults")
    func missingFileIsDefaults() throws {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("wenjin-config-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try SiteConfig.load(root: folder) == SiteConfig(root: folder))
    }

    @Test("given values replace defaults, with durations, paths and the base URL's slash")
    func valuesAreDecoded() throws {
        let config = try SiteConfig.decode("""
            {"title": "Archive", "language": "en", "baseURL": "https://example.org/wenjin",
             "source": {"baseURL": "http://127.0.0.1:9000", "flavor": "wecenter", "historicalHosts": ["WENJIN.IN"],
                        "login": {"userVariable": "MY_USER", "passwordVariable": "MY_PASS"}},
             "crawl": {"requestsPerSecond": 0, "backoffBaseSeconds": 0.5, "timeoutSeconds": 5, "maxAssetBytes": 100,
                       "reverifyShare": 0.25},
             "build": {"outputDirectory": "/tmp/out"}, "extra": {"logo": "a.png", "n": [1, true, null]}}
            """, root: root)
        #expect(config.title == "Archive")
        #expect(config.language == .english)
        #expect(config.baseURL?.absoluteString == "https://example.org/wenjin/")
        #expect(config.source.baseURL?.absoluteString == "http://127.0.0.1:9000")
        #expect(config.source.flavor == .wecenter)
        #expect(config.source.historicalHosts == ["wenjin.in"])
        #expect(config.source.login.credentials(in: ["MY_USER": "ann", "MY_PASS": "pw"])! == ("ann", "pw"))
        #expect(config.source.login.credentials(in: ["MY_USER": "ann"]) == nil)
        #expect(config.crawl.requestsPerSecond == 0)
        #expect(config.crawl.backoffBase == .milliseconds(500))
        #expect(config.crawl.timeout == .seconds(5))
        #expect(config.crawl.maxAssetBytes == 100)
        #expect(config.crawl.reverifyShare == 0.25)
        #expect(config.resolve(config.build.outputDirectory).path == "/tmp/out")
        #expect(config.extra == ["logo": .string("a.png"), "n": .array([.number(1), .bool(true), .null])])
    }

    @Test("an unknown top-level key names itself and suggests the closest known key")
    func unknownTopLevelKey() {
        let failure = error("{\n  \"titel\": \"x\"\n}")
        #expect(failure?.description == "site.json:2:3: unknown key 'titel'; did you mean 'title'?")
    }

    @Test("an unknown nested key is named by its key path, with a suggestion from its own object")
    func unknownNestedKey() {
        let failure = error("""
            {
              "crawl": {
                "requestsPerSecnd": 2
              }
            }
            """)
        #expect(failure?.keyPath == "crawl.requestsPerSecnd")
        #expect(failure?.description
            == "site.json:3:5: unknown key 'crawl.requestsPerSecnd'; did you mean 'requestsPerSecond'?")
    }

    @Test("an unknown key with nothing close lists the keys known at that level")
    func unknownKeyWithoutSuggestion() {
        let failure = error(#"{"drafts": {"zzzzzzzz": 1}}"#)
        #expect(failure?.description == "site.json:1:13: unknown key 'drafts.zzzzzzzz'; known keys here: path")
    }

    @Test("a JSON syntax error names the line and column where it was found")
    func syntaxErrorHasLineAndColumn() {
        let missingComma = error("""
            {
              "title": "x"
              "language": "en"
            }
            """)
        #expect(missingComma?.description
            == "site.json:3:3: JSON syntax error: expected ',' or '}' after the value of \"title\", found '\"'")
        let trailingComma = error("{\"crawl\": {\"retries\": 1,}\n}")
        #expect(trailingComma?.description == "site.json:1:25: JSON syntax error: trailing comma before '}'")
        let unterminated = error("{\"title\": \"问津\n}")
        #expect(unterminated?.fileLocation == "site.json:1:11")
        #expect(unterminated?.reason == .syntax("unterminated string (strings cannot span lines)"))
        #expect(error("{\"a\": 1} x")?.fileLocation == "site.json:1:10")
        #expect(error("{\"title\": tru}")?.fileLocation == "site.json:1:11")
        #expect(error("")?.reason == .syntax("unexpected end of file; a value was expected"))
    }

    @Test("the parser reads every JSON form: escapes, surrogate pairs, exponents, nesting")
    func parserReadsAllForms() throws {
        let source = JSONSource(#"[ "a\"\\\/\n\u00e9\ud83d\ude00", -1.5e2, 0, true, false, null, {"k": []} ]"#)
        let node = try source.parse()
        guard case .array(let items) = node.value else {
            Issue.record("expected an array")
            return
        }
        guard case .string(let text) = items[0].value, case .double(let number) = items[1].value else {
            Issue.record("expected a string and a number")
            return
        }
        #expect(text == "a\"\\/\né😀")
        #expect(number == -150)
        #expect(items.count == 7)
        #expect(source.position(at: items[6].offset) == TextPosition(line: 1, column: 64))
        #expect(throws: JSONSyntaxError.self) { try JSONParser.parse("[01]") }
        #expect(throws: JSONSyntaxError.self) { try JSONParser.parse(String(repeating: "[", count: 500)) }
    }

    @Test("a wrong type names the key and the expected type")
    func wrongType() {
        #expect(error(#"{"crawl": {"retries": "3"}}"#)?.description
            == "site.json:1:23: 'crawl.retries' must be a whole number, found a string")
        #expect(error(#"{"crawl": {"connectionsPerHost": 1.5}}"#)?.description
            == "site.json:1:34: 'crawl.connectionsPerHost' must be a whole number, found 1.5")
        #expect(error(#"{"crawl": {"obeyRobotsTxt": "yes"}}"#)?.description
            == "site.json:1:29: 'crawl.obeyRobotsTxt' must be true or false, found a string")
        #expect(error(#"{"source": "http://x"}"#)?.description
            == "site.json:1:12: 'source' must be an object, found a string")
        #expect(error(#"{"source": {"historicalHosts": ["a", 2]}}"#)?.description
            == "site.json:1:38: 'source.historicalHosts' must be an array of strings, found a number in it")
        #expect(error("[]")?.description == "site.json:1:1: the file must be an object, found an array")
    }

    @Test("values out of range are errors naming the allowed range")
    func outOfRange() {
        #expect(error(#"{"crawl": {"requestsPerSecond": -1}}"#)?.description
            == "site.json:1:33: 'crawl.requestsPerSecond' is -1, out of range: 0 (no limit) or more")
        #expect(error(#"{"crawl": {"maxFailureShare": 1.5}}"#)?.description
            == "site.json:1:31: 'crawl.maxFailureShare' is 1.5, out of range: 0 to 1")
        #expect(error(#"{"crawl": {"reverifyShare": -0.1}}"#)?.description
            == "site.json:1:29: 'crawl.reverifyShare' is -0.1, out of range: 0 to 1")
        #expect(error(#"{"crawl": {"reverifyShare": "all"}}"#)?.keyPath == "crawl.reverifyShare")
        #expect(error(#"{"crawl": {"connectionsPerHost": 0}}"#)?.reason
            == .outOfRange(value: "0", allowed: "1 to 64"))
        #expect(error(#"{"crawl": {"backoffBaseSeconds": 5, "backoffMaxSeconds": 1}}"#)?.keyPath
            == "crawl.backoffMaxSeconds")
        #expect(error(#"{"crawl": {"backoffBaseSeconds": 120}}"#)?.description
            == "site.json:1:34: 'crawl.backoffBaseSeconds' is 120.0, out of range: "
            + "backoffBaseSeconds (now 120.0) must not exceed backoffMaxSeconds (now 60.0)")
    }

    @Test("invalid values name what would be accepted, and secrets are refused as variable names")
    func invalidValues() {
        #expect(error(#"{"language": "fr"}"#)?.description
            == #"site.json:1:14: 'language' is "fr", expected "zh-Hans" or "en""#)
        #expect(error(#"{"source": {"flavor": "wecentre"}}"#)?.reason
            == .invalidValue(value: "\"wecentre\"", expected: "\"wenjin\" or \"wecenter\""))
        #expect(error(#"{"baseURL": "example.org"}"#)?.reason
            == .invalidValue(value: "\"example.org\"", expected: "an absolute http or https URL"))
        #expect(error(#"{"source": {"login": {"passwordVariable": "hunter2!"}}}"#)?.keyPath
            == "source.login.passwordVariable")
        #expect(error(#"{"title": ""}"#)?.reason == .invalidValue(value: "empty", expected: "a non-empty string"))
    }

    @Test("store.directory may not be, hold or lie inside the site folder's own places, the output among them")
    func storePlaces() throws {
        for (directory, why) in [(".", "is the site folder"), ("..", "holds the site folder /srv/site"), ("/", "holds the site folder"),
                                 ("Public", "is Public/"), ("Public/store", "lies inside Public/"), ("_site", "is the output folder"),
                                 ("Themes/default/cache", "lies inside the themes folder"), ("site.json", "is site.json"),
                                 ("x/../_site/cache", "lies inside the output folder")] {
            let failure = error(#"{"store": {"directory": "\#(directory)"}}"#)
            #expect(failure?.keyPath == "store.directory", "\(directory)")
            #expect(failure?.description.contains("a folder of its own for the store, but it \(why)") == true,
                    "\(directory): \(String(describing: failure))")
        }
        #expect(error(#"{"build": {"outputDirectory": ".wenjin"}}"#)?.keyPath == "store.directory")
        #expect(try SiteConfig.decode(#"{"store": {"directory": "/var/cache/wenjin"}}"#, root: root).store.directory.text
            == "/var/cache/wenjin")
    }

    @Test("build.allowOutside lists folder paths, Debian's JavaScript packages by default")
    func allowOutside() throws {
        #expect(try SiteConfig.decode("{}", root: root).build.allowOutside == [ConfigPath("/usr/share/javascript")])
        #expect(try SiteConfig.decode(#"{"build": {"allowOutside": []}}"#, root: root).build.allowOutside == [])
        #expect(error(#"{"build": {"allowOutside": "/usr"}}"#)?.reason
            == .wrongType(expected: "an array of strings", found: "a string"))
        #expect(error(#"{"build": {"allowOutside": [""]}}"#)?.keyPath == "build.allowOutside")
        #expect(error(#"{"build": {"allowOutsid": []}}"#)?.hint == "did you mean 'allowOutside'?")
    }

    @Test("a key given twice is an error at its second place")
    func duplicateKey() {
        #expect(error("{\"title\": \"a\",\n \"title\": \"b\"}")?.description
            == "site.json:2:2: key 'title' appears twice; keep one of them")
    }

    @Test("the repository's own site.json decodes and describes the local sample community")
    func repositorySiteJSON() throws {
        let packageRoot = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let config = try SiteConfig.load(root: packageRoot)
        #expect(config.source.baseURL?.host == "127.0.0.1")
        #expect(config.source.flavor == .wenjin)
        #expect(config.crawl.requestsPerSecond == 0)
        #expect(config.resolve(config.store.directory) == packageRoot.appendingPathComponent(".wenjin"))
    }
}
