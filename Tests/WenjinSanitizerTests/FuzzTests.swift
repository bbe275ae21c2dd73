import Foundation
import Testing
@testable import WenjinSanitizer

/// SplitMix64: a small seeded generator, so a failing iteration can be replayed.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Seeded mutations of a hostile corpus: the sanitizer's properties must hold for every one.
@Suite struct FuzzTests {
    static let corpus: [String] = Html5libCase.all.map(\.input) + WeCenterBodyFormsTests.renderedHTML.map(\.0) + [
        "<p><foo><div>x</div></foo></p>", "<table><tr><td>a<td>b</table>", "<ul><li>a<li>b</ul>",
        "<a href=x>1<a href=y>2</a></a>", "<p>a<p>b", "<pre>\n\nx</pre>", "<svg><script>alert(1)</script></svg>",
        "<math><mi xlink:href=javascript:alert(1)>x</mi></math>", "<style>@import 'x';</style>",
        "<noscript><p title=\"</noscript><img src=x onerror=alert(1)>\">", "<!-- a --><!--[if IE]>b<![endif]-->",
        "<dl><dt>a<dd>b</dl>", "<h1>t<h2>u</h1>", "<blockquote><div><p>q</blockquote>", "<b><i>x</b></i>",
    ]

    static let fragments: [String] = [
        "<", ">", "\"", "'", "=", "/", "&", ";", "<script>", "</script>", "<div>", "</div>", "<p>", "</p>",
        "<a href=", "javascript:", "java\tscript:", "&#x0A;", "&#106;", "\u{0}", "<!--", "-->", "<![CDATA[", "]]>",
        "<img src=", " onerror=alert(1) ", "<table>", "<td>", "<li>", "<pre>", "</pre>", "<br />", "\r\n", "中文",
        "👍🏽", "&nbsp;", "&lt;", "<span style=\"font-size:18px\">", "<iframe>", "<svg>", "<math>", "<form>",
        "<unknown>", "</a>", "<a>", "http://wenjin.in/?/question/3521", "<p style=\"x:expression(alert(1))\">",
        "\u{FEFF}", "\u{FFFF}", "\u{7F}", "<base href=javascript:x>", "<object>", "<template>",
        "[b]", "[/b]", "[url=javascript:alert(1)]", "[url=http://wenjin.in/?/question/3521]", "[/url]", "[img]", "[/img]",
        "[code]", "[/code]", "[list]", "[/list]", "[*]", "[/*]", "[attach]42[/attach]", "[size=18]", "[/size]", "[quote]",
    ]

    static func mutate(_ input: String, with generator: inout SeededGenerator) -> String {
        var scalars = Array(input.unicodeScalars)
        for _ in 0..<Int.random(in: 1...4, using: &generator) {
            let position = scalars.isEmpty ? 0 : Int.random(in: 0...scalars.count, using: &generator)
            switch Int.random(in: 0..<5, using: &generator) {
            case 0, 1:
                scalars.insert(contentsOf: fragments.randomElement(using: &generator)!.unicodeScalars, at: position)
            case 2 where !scalars.isEmpty:
                let end = min(scalars.count, position + Int.random(in: 1...8, using: &generator))
                scalars.removeSubrange(min(position, end)..<end)
            case 3:
                // Random bytes: invalid UTF-8 reads as U+FFFD, as from the network.
                let bytes = (0..<Int.random(in: 1...6, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator) }
                scalars.insert(contentsOf: String(decoding: bytes, as: UTF8.self).unicodeScalars, at: position)
            default:
                scalars.insert(contentsOf: corpus.randomElement(using: &generator)!.unicodeScalars, at: position)
            }
        }
        return String(String.UnicodeScalarView(scalars))
    }

    @Test func seededMutationsOfAHostileCorpusKeepEveryProperty() throws {
        var generator = SeededGenerator(seed: 20261129)
        let deadline = Date().addingTimeInterval(30)
        var iterations = 0
        while iterations < 5000 && Date() < deadline {
            let input = Self.mutate(Self.corpus.randomElement(using: &generator)!, with: &generator)
            // Every fourth input is read as stored BBCode, the rest as rendered HTML.
            let once = iterations % 4 == 0 ? Fixture.sanitizer.renderBBCode(input).0.html : Fixture.sanitize(input)
            let inspector = try #require(OutputInspector.inspect(once), "not well-formed: \(once.debugDescription) from \(input.debugDescription)")
            #expect(inspector.executableConstructs.isEmpty, "\(once.debugDescription) from \(input.debugDescription)")
            let twice = Fixture.sanitize(once)
            #expect(twice == once, "not stable: \(input.debugDescription)")
            if twice != once { break }
            iterations += 1
        }
        #expect(iterations >= 1000)
    }
}
