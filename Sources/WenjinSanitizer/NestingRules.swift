import CLibXML2

/// Which element, opened directly inside which other, libxml2's HTML parser closes first
/// (`<p>` inside `<b>` or `<p>`, `<div>` inside `<p>`, `<td>` inside `<u>`, ...). Such a pair
/// can reach the output only when libxml2 built it from odd input, and then the output would
/// read back differently; the walk asks here to know when to verify with another pass.
/// The table comes from libxml2 itself (`htmlAutoCloseTag`), so it matches the parser in use.
enum NestingRules {
    /// Elements that a second one of the same name closes (`htmlAutoCloseTag` answers no for
    /// equal names, while the parser does close these).
    private static let closedBySameName: Set<String> = [
        "p", "li", "a", "dt", "dd", "td", "th", "tr", "tbody", "thead", "tfoot", "col", "colgroup", "caption",
    ]

    private static let closingPairs: Set<String> = {
        let names = SanitizePolicy.standard.elements.compactMap { name, rule -> String? in
            switch rule {
            case .keep: name
            case .rename(let target): target
            case .dropWithContent: nil
            }
        }
        var pairs: Set<String> = []
        // htmlAutoCloseTag(doc, name, elem) answers whether opening `elem` closes an open `name`.
        for inner in Set(names) {
            guard let node = xmlNewNode(nil, inner) else { continue }
            defer { xmlFreeNode(node) }
            for outer in Set(names) where outer != inner && htmlAutoCloseTag(nil, outer, node) == 1 {
                pairs.insert(outer + ">" + inner)
            }
        }
        return pairs
    }()

    /// Whether the parser closes an open `outer` when `inner` starts directly inside it.
    static func parserCloses(_ outer: String, whenOpening inner: String) -> Bool {
        outer == inner ? closedBySameName.contains(inner) : closingPairs.contains(outer + ">" + inner)
    }
}
