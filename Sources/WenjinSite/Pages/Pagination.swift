import WenjinBuildSupport
import WenjinTemplates

/// One page of a long list and the links to its neighbours, as the `pagination` partial shows
/// them: first, previous, a window around the current page, next, last.
struct Pagination: Sendable {
    static let questionsPerPage = 30
    static let namesPerPage = 120

    let page: Int
    let pageCount: Int

    init(page: Int, itemCount: Int, perPage: Int) {
        pageCount = max(1, (itemCount + perPage - 1) / perPage)
        self.page = min(max(1, page), pageCount)
    }

    static func pageCount(itemCount: Int, perPage: Int) -> Int { max(1, (itemCount + perPage - 1) / perPage) }

    /// The items of this page.
    func slice<Items: Collection>(_ items: Items, perPage: Int) -> Items.SubSequence {
        let start = items.index(items.startIndex, offsetBy: min(items.count, (page - 1) * perPage))
        return items[start..<(items.index(start, offsetBy: perPage, limitedBy: items.endIndex) ?? items.endIndex)]
    }

    /// The view of the links, each made by `path(page)` relative to `from`.
    func templateValue(from: SitePath, path: (Int) -> SitePath) -> TemplateValue {
        guard pageCount > 1 else { return .null }
        let window = Set([1, pageCount] + Array(max(1, page - 2)...min(pageCount, page + 2)))
        var items: [TemplateValue] = []
        var last = 0
        for number in window.sorted() {
            if number > last + 1 { items.append(["gap": true]) }
            items.append(["number": .int(number), "href": .string(from.link(to: path(number))), "current": .bool(number == page)])
            last = number
        }
        return [
            "pages": .list(items),
            "previous": page > 1 ? .string(from.link(to: path(page - 1))) : .null,
            "next": page < pageCount ? .string(from.link(to: path(page + 1))) : .null,
        ]
    }
}
