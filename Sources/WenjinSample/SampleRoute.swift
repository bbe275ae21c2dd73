import Foundation

/// A request target read the way WeCenter's router reads it (docs/api.md §1.2, §8.1): the query
/// string up to the first `?` or `&` is the route, its last `/`-separated segment is the argument
/// slot (`3`, or `id-3__page-2`), and the rest is `parse_str`-ed without overwriting.
struct SampleRoute: Equatable {
    enum Kind: Equatable {
        /// `?/app/controller/action/args` (also `index.php?/…`).
        case routed(app: String, controller: String, action: String)
        /// `/api/<name>.php?…`, the stand-alone scripts.
        case script(String)
        /// Any other path: uploads, static files, robots.txt.
        case file(String)
        /// `?api/…`: no `/` after `?`, which the real server answers with its web page.
        case webPage
    }

    var kind: Kind
    var parameters: [String: String]

    init(target: String) {
        let pathEnd = target.firstIndex(of: "?") ?? target.endIndex
        let path = String(target[..<pathEnd])
        let query = pathEnd < target.endIndex ? String(target[target.index(after: pathEnd)...]) : ""
        if path == "/" || path == "/index.php" || path.isEmpty, !query.isEmpty {
            guard query.hasPrefix("/") else {
                kind = .webPage
                parameters = [:]
                return
            }
            let rest = query.dropFirst()
            let split = rest.firstIndex { $0 == "?" || $0 == "&" } ?? rest.endIndex
            let route = rest[..<split]
            var segments = route.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
            let arguments = segments.removeLast()
            var parameters = Self.routeArguments(arguments)
            if split < rest.endIndex {
                for (key, value) in Self.parseQuery(String(rest[rest.index(after: split)...])) where parameters[key] == nil {
                    parameters[key] = value
                }
            }
            self.parameters = parameters
            kind = .routed(
                app: segments.first ?? "",
                controller: segments.count > 1 ? segments[1] : "main",
                action: segments.count > 2 && !segments[2].isEmpty ? segments[2] : "index")
        } else if path.hasPrefix("/api/"), path.hasSuffix(".php") {
            kind = .script(String(path.dropFirst("/api/".count).dropLast(".php".count)))
            parameters = Self.parseQuery(query)
        } else {
            kind = .file(path.removingPercentEncoding ?? path)
            parameters = Self.parseQuery(query)
        }
    }

    /// `3` → id 3; `id-3__page-2` → id 3, page 2.
    static func routeArguments(_ slot: String) -> [String: String] {
        guard !slot.isEmpty else { return [:] }
        guard slot.contains("-") else { return ["id": slot.removingPercentEncoding ?? slot] }
        var result: [String: String] = [:]
        for pair in slot.components(separatedBy: "__") {
            guard let dash = pair.firstIndex(of: "-") else { continue }
            let value = String(pair[pair.index(after: dash)...])
            result[String(pair[..<dash])] = value.removingPercentEncoding ?? value
        }
        return result
    }

    /// PHP's `parse_str` for flat keys: `+` is a space, the first occurrence of a key wins here
    /// because callers add route arguments first.
    static func parseQuery(_ query: String) -> [String: String] {
        var result: [String: String] = [:]
        for pair in query.split(whereSeparator: { $0 == "&" || $0 == "?" }) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let key = decode(parts[0])
            guard !key.isEmpty else { continue }
            result[key] = parts.count > 1 ? decode(parts[1]) : ""
        }
        return result
    }

    private static func decode(_ text: Substring) -> String {
        let spaced = text.replacingOccurrences(of: "+", with: " ")
        return spaced.removingPercentEncoding ?? spaced
    }
}
