/// What sanitizing removed from one document, by kind; reports add up, so a build can sum
/// them over every body. Keys are lower-case names: `script`, `img@onerror`, `javascript`.
package struct SanitizeReport: Codable, Sendable, Equatable {
    /// Elements removed with their content (`script`, `iframe`, `#comment`, ...).
    package var removedElements: [String: Int] = [:]
    /// Unknown elements whose tag was removed and content kept (`font`, `center`, ...).
    package var unwrappedElements: [String: Int] = [:]
    /// Attributes removed, as `element@attribute` (`a@onclick`, `div@style`).
    package var removedAttributes: [String: Int] = [:]
    /// URLs refused, by scheme (`javascript`, `data`, ...).
    package var removedURLs: [String: Int] = [:]

    package init() {}

    /// Nothing was removed.
    package var isEmpty: Bool {
        removedElements.isEmpty && unwrappedElements.isEmpty && removedAttributes.isEmpty && removedURLs.isEmpty
    }

    /// The number of removals of every kind.
    package var total: Int {
        [removedElements, unwrappedElements, removedAttributes, removedURLs].reduce(0) { $0 + $1.values.reduce(0, +) }
    }

    package static func + (left: SanitizeReport, right: SanitizeReport) -> SanitizeReport {
        var sum = left
        sum += right
        return sum
    }

    package static func += (left: inout SanitizeReport, right: SanitizeReport) {
        left.removedElements.merge(right.removedElements, uniquingKeysWith: +)
        left.unwrappedElements.merge(right.unwrappedElements, uniquingKeysWith: +)
        left.removedAttributes.merge(right.removedAttributes, uniquingKeysWith: +)
        left.removedURLs.merge(right.removedURLs, uniquingKeysWith: +)
    }
}
