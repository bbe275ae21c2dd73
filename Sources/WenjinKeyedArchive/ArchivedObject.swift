import Foundation

/// An object of a keyed archive, decoded by class into plain values.
///
/// Classes this module cannot interpret (paragraph styles, file wrappers on their own, app
/// classes) become `.unknown` with their class name, so a caller can report them.
public indirect enum ArchivedObject: Sendable, Equatable {
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
public struct ArchivedDictionaryEntry: Sendable, Equatable {
    public let key: ArchivedObject
    public let value: ArchivedObject

    public init(key: ArchivedObject, value: ArchivedObject) {
        self.key = key
        self.value = value
    }
}

/// An archived NSURL: a relative string and the URL it is relative to, if any.
public struct ArchivedURL: Sendable, Equatable {
    public let relative: String
    public let base: String?

    public init(relative: String, base: String? = nil) {
        self.relative = relative
        self.base = base
    }

    /// The URL resolved against its base; the relative string when Foundation cannot parse it.
    public var absoluteString: String {
        guard let base, let baseURL = URL(string: base),
              let resolved = URL(string: relative, relativeTo: baseURL)
        else { return relative }
        return resolved.absoluteString
    }
}

/// A UIFont (or NSFont) attribute: its PostScript name and point size.
public struct ArchivedFont: Sendable, Hashable {
    public let name: String
    public let size: Double

    public init(name: String, size: Double) {
        self.name = name
        self.size = size
    }
}

/// A UIColor attribute as RGBA components from 0 to 1.
public struct ArchivedColor: Sendable, Equatable {
    public let red: Double
    public let green: Double
    public let blue: Double
    public let alpha: Double

    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }
}

/// An NSTextAttachment: the image bytes when the archive holds them, else only its place.
public struct ArchivedAttachment: Sendable, Equatable {
    public let imageData: Data?
    public let fileName: String?

    public init(imageData: Data?, fileName: String? = nil) {
        self.imageData = imageData
        self.fileName = fileName
    }
}
