/// What sanitizing removed from one document, by kind; reports add up, so a build can sum
/// them over every body. Keys are lower-case names: `script`, `img@onerror`, `javascript`.
public struct SanitizeReport: Codable, Sendable, Equatable {
    /// Elements removed with their content (`script`, `iframe`, `#comment`, ...).
    public var removedElements: [String: Int] = [:]
    /// Unknown elements whose tag was removed and content kept (`font`, `center`, ...).
    public var unwrappedElements: [String: Int] = [:]
    /// Attributes removed, as `element@attribute` (`a@onclick`, `div@style`).
    public var removedAttributes: [String: Int] = [:]
    /// URLs refused, by scheme (`javascript`, `data`, ...).
    public var removedURLs: [String: Int] = [:]

    public init() {}

    /// Nothing was removed.
    public var isEmpty: Bool {
        removedElements.isEmpty && unwrappedElements.isEmpty && removedAttributes.isEmpty && removedURLs.isEmpty
    }

    /// The number of removals of every kind.
    public var total: Int {
        [removedElements, unwrappedElements, removedAttributes, removedURLs].reduce(0) { $0 + $1.values.reduce(0, +) }
    }

    public static func + (left: SanitizeReport, right: SanitizeReport) -> SanitizeReport {
        var sum = left
        sum += right
        return sum
    }

    public static func += (left: inout SanitizeReport, right: SanitizeReport) {
        left.removedElements.merge(right.removedElements, uniquingKeysWith: +)
        left.unwrappedElements.merge(right.unwrappedElements, uniquingKeysWith: +)
        left.removedAttributes.merge(right.removedAttributes, uniquingKeysWith: +)
        left.removedURLs.merge(right.removedURLs, uniquingKeysWith: +)
    }
}
