import Foundation

/// An object of a keyed archive, decoded by class into plain values.
///
/// Classes this module cannot interpret (paragraph styles, file wrappers on their own, app
/// classes) become `.unknown` with their class name, so a caller can report them.
package indirect enum ArchivedObject: Sendable, Equatable {
    case null
    case string(String)
    case attributedString(ArchivedAttributedString)
    case integer(Int64)
    case real(Double)
    case bool(Bool)
    case data(Data)
    case date(Date)
    case url(ArchivedURL)
    /// NSArray, NSSet and NSOrderedSet, in archive order.
    case array([ArchivedObject])
    case dictionary([ArchivedDictionaryEntry])
    case font(ArchivedFont)
    case color(ArchivedColor)
    case attachment(ArchivedAttachment)
    case unknown(className: String)
}

/// One key and value of an archived NSDictionary, whose keys need not be strings.
package struct ArchivedDictionaryEntry: Sendable, Equatable {
    package let key: ArchivedObject
    package let value: ArchivedObject

    package init(key: ArchivedObject, value: ArchivedObject) {
        self.key = key
        self.value = value
    }
}

/// An archived NSURL: a relative string and the URL it is relative to, if any.
package struct ArchivedURL: Sendable, Equatable {
    package let relative: String
    package let base: String?

    package init(relative: String, base: String? = nil) {
        self.relative = relative
        self.base = base
    }

    /// The URL resolved against its base; the relative string when Foundation cannot parse it.
    package var absoluteString: String {
        guard let base, let baseURL = URL(string: base),
              let resolved = URL(string: relative, relativeTo: baseURL)
        else { return relative }
        return resolved.absoluteString
    }
}

/// A UIFont (or NSFont) attribute: its PostScript name and point size.
package struct ArchivedFont: Sendable, Hashable {
    package let name: String
    package let size: Double

    package init(name: String, size: Double) {
        self.name = name
        self.size = size
    }
}

/// A UIColor attribute as RGBA components from 0 to 1.
package struct ArchivedColor: Sendable, Equatable {
    package let red: Double
    package let green: Double
    package let blue: Double
    package let alpha: Double

    package init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }
}

/// An NSTextAttachment: the image bytes when the archive holds them, else only its place.
package struct ArchivedAttachment: Sendable, Equatable {
    package let imageData: Data?
    package let fileName: String?

    package init(imageData: Data?, fileName: String? = nil) {
        self.imageData = imageData
        self.fileName = fileName
    }
}
