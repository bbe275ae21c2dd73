/// What the preview adds to every HTML page it serves: a script that reloads the page when the
/// server announces a rebuild, and, while the last rebuild failed, an overlay with its error.
enum LiveReloadScript {
    /// The server-sent-events endpoint; under a name no site page can have.
    static let eventsPath = "/__wenjin/live"

    /// `since` is the rebuild generation the page was served at: a rebuild that finished before
    /// the event stream connected still reloads the page.
    static func snippet(generation: Int, buildError: String?) -> String {
        var html = """
            <script>/* wenjin preview: live reload */(function(){var s=new EventSource("\(eventsPath)?since=\(generation)");\
            s.addEventListener("reload",function(){s.close();location.reload();});})();</script>
            """
        if let buildError {
            html += """
                <div id="wenjin-build-error" style="position:fixed;inset:0;z-index:2147483647;overflow:auto;background:rgba(40,0,0,.92);\
                color:#fff;font:14px/1.5 monospace;padding:2em"><h1 style="font-size:20px">构建失败 · Build failed</h1>\
                <pre style="white-space:pre-wrap">\(escaped(buildError))</pre><p>The page reloads by itself once a rebuild succeeds.</p></div>
                """
        }
        return html
    }

    /// `page` with the snippet placed before its last `</body>` (or at the end when it has none).
    static func inject(into page: [UInt8], generation: Int, buildError: String?) -> [UInt8] {
        let snippet = Array(snippet(generation: generation, buildError: buildError).utf8)
        guard let position = lastClosingBody(in: page) else { return page + snippet }
        var result = page
        result.insert(contentsOf: snippet, at: position)
        return result
    }

    private static func lastClosingBody(in page: [UInt8]) -> Int? {
        let tag = Array("</body".utf8)
        guard page.count >= tag.count else { return nil }
        var index = page.count - tag.count
        while index >= 0 {
            if page[index] == UInt8(ascii: "<"),
               zip(page[index..<(index + tag.count)], tag).allSatisfy({ ($0 | 0x20) == ($1 | 0x20) }) {
                return index
            }
            index -= 1
        }
        return nil
    }

    static func escaped(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            default: result.append(character)
            }
        }
        return result
    }
}
