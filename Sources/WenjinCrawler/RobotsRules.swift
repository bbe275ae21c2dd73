/// The rules of a robots.txt for one user agent (RFC 9309): the group naming the agent's
/// product token, else the `*` group; the longest matching rule wins, `Allow` on a tie;
/// `*` matches any characters and a final `$` anchors the end.
struct RobotsRules: Sendable, Equatable {
    struct Rule: Sendable, Equatable {
        var allow: Bool
        var pattern: String
    }

    var rules: [Rule]

    static let allowAll = RobotsRules(rules: [])
    static let disallowAll = RobotsRules(rules: [Rule(allow: false, pattern: "/")])

    init(rules: [Rule]) { self.rules = rules }

    /// Reads `text` for the agent whose User-Agent is `userAgent` (`wenjin/0.1 (…)`: the
    /// product token `wenjin` is what groups are matched against, case-insensitively).
    init(parsing text: String, userAgent: String) {
        let token = String(userAgent.prefix { $0.isLetter || $0 == "-" || $0 == "_" }).lowercased()
        var groups: [(agents: [String], rules: [Rule])] = []
        var collectingAgents = false
        for rawLine in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r" }) {
            let line = rawLine.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            guard let colon = line.firstIndex(of: ":") else { continue }
            let key = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            switch key {
            case "user-agent":
                // Consecutive user-agent lines open one group together.
                if !collectingAgents { groups.append(([], [])) }
                groups[groups.count - 1].agents.append(value.lowercased())
                collectingAgents = true
            case "allow", "disallow":
                collectingAgents = false
                guard !groups.isEmpty, !value.isEmpty else { continue }
                groups[groups.count - 1].rules.append(Rule(allow: key == "allow", pattern: value))
            default:
                continue
            }
        }
        let own = groups.filter { $0.agents.contains(token) }
        let chosen = own.isEmpty ? groups.filter { $0.agents.contains("*") } : own
        rules = chosen.flatMap(\.rules)
    }

    /// Whether `pathAndQuery` (`/?/api/explore/&page=2`, `/api/topic.php?topic_id=3`) may be fetched.
    func allows(_ pathAndQuery: String) -> Bool {
        guard pathAndQuery != "/robots.txt" else { return true }
        var best: Rule?
        for rule in rules where Self.matches(rule.pattern, pathAndQuery) {
            guard let current = best else { best = rule; continue }
            if rule.pattern.count > current.pattern.count || (rule.pattern.count == current.pattern.count && rule.allow) {
                best = rule
            }
        }
        return best?.allow ?? true
    }

    /// Pattern matching with `*` and a trailing `$`, over UTF-8 bytes.
    static func matches(_ pattern: String, _ path: String) -> Bool {
        var pattern = Array(pattern.utf8)
        let anchored = pattern.last == UInt8(ascii: "$")
        if anchored { pattern.removeLast() }
        let text = Array(path.utf8)
        // Iterative wildcard matching with backtracking to the last `*`.
        var p = 0, t = 0, star = -1, mark = 0
        while t < text.count {
            if p < pattern.count, pattern[p] == UInt8(ascii: "*") {
                star = p; mark = t; p += 1
            } else if p < pattern.count, pattern[p] == text[t] {
                p += 1; t += 1
            } else if p == pattern.count, !anchored {
                return true
            } else if star >= 0 {
                p = star + 1; mark += 1; t = mark
            } else {
                return false
            }
        }
        while p < pattern.count, pattern[p] == UInt8(ascii: "*") { p += 1 }
        return p == pattern.count
    }
}
