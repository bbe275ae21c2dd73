/// The pixel size of a stored image, as its file's header states it: what the sanitizer writes
/// as an `<img>`'s `width` and `height`, so the page keeps the image's place before it loads.
public struct ImageSize: Hashable, Sendable {
    public let width: Int
    public let height: Int

    /// The largest side an image may state: beyond it (and at 0) a header is not believed.
    /// JPEG and GIF cannot say more; five digits is also what `AttributeValue` keeps when the
    /// sanitized body is sanitized again.
    public static let largestSide = 65_535

    /// Nil when either side is 0 or larger than `largestSide`.
    public init?(width: Int, height: Int) {
        guard (1...Self.largestSide).contains(width), (1...Self.largestSide).contains(height) else { return nil }
        self.width = width
        self.height = height
    }

    /// The other side of an image shown `width` pixels wide, at this size's proportions.
    func height(forWidth width: Int) -> Int { max(1, (width * height + self.width / 2) / self.width) }

    /// The other side of an image shown `height` pixels high, at this size's proportions.
    func width(forHeight height: Int) -> Int { max(1, (height * width + self.height / 2) / self.height) }
}
