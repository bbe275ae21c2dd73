/// The pixel size of a stored image, as its file's header states it: what the sanitizer writes
/// as an `<img>`'s `width` and `height`, so the page keeps the image's place before it loads.
package struct ImageSize: Hashable, Sendable {
    package let width: Int
    package let height: Int

    /// The largest side an image may state: beyond it (and at 0) a header is not believed.
    /// JPEG and GIF cannot say more; five digits is also what `AttributeValue` keeps when the
    /// sanitized body is sanitized again.
    package static let largestSide = 65_535

    /// Nil when either side is 0 or larger than `largestSide`.
    package init?(width: Int, height: Int) {
        guard (1...Self.largestSide).contains(width), (1...Self.largestSide).contains(height) else { return nil }
        self.width = width
        self.height = height
    }

    /// The `width` and `height` attributes an `<img>` showing this image lacks: both when it
    /// has neither; when the body gives one side in pixels, the other at the image's
    /// proportions; none when it gives a percentage or 0 (the body's own layout, left alone).
    func missingSides(width: String?, height: String?) -> [(String, String)] {
        switch (width, height) {
        case (nil, nil):
            return [("width", String(self.width)), ("height", String(self.height))]
        case (let shown?, nil):
            guard let pixels = Int(shown), pixels > 0 else { return [] }
            return [("height", String(max(1, (pixels * self.height + self.width / 2) / self.width)))]
        case (nil, let shown?):
            guard let pixels = Int(shown), pixels > 0 else { return [] }
            return [("width", String(max(1, (pixels * self.width + self.height / 2) / self.height)))]
        case (.some, .some):
            return []
        }
    }
}
