import Foundation

/// UIKit's font and colour classes, which Foundation on Linux does not know: read from the
/// members UIKit (and AppKit) archive, tolerating the variants; nil when nothing is usable.
extension ArchiveGraphDecoder {
    mutating func decodeFont(_ instance: ArchivedInstance, depth: Int) throws(KeyedArchiveError) -> ArchivedFont? {
        var name: String?
        for key in ["NSName", "UIFontName"] where name == nil {
            if case .string(let text)? = try member(instance, key, depth: depth) { name = text }
        }
        guard let name else { return nil }
        let size = (instance.fields["NSSize"] ?? instance.fields["UIFontPointSize"])?.doubleValue ?? 0
        return ArchivedFont(name: name, size: size)
    }

    mutating func decodeColor(_ instance: ArchivedInstance, depth: Int) throws(KeyedArchiveError) -> ArchivedColor? {
        let fields = instance.fields
        if let red = fields["UIRed"]?.doubleValue, let green = fields["UIGreen"]?.doubleValue,
           let blue = fields["UIBlue"]?.doubleValue {
            return ArchivedColor(red: red, green: green, blue: blue, alpha: fields["UIAlpha"]?.doubleValue ?? 1)
        }
        if let white = (fields["UIWhite"] ?? fields["NSWhite"])?.doubleValue {
            return ArchivedColor(red: white, green: white, blue: white, alpha: fields["UIAlpha"]?.doubleValue ?? 1)
        }
        // AppKit style: "0.2 0.4 0.6 1" as ASCII bytes, often NUL-terminated.
        for key in ["NSRGB", "NSWhite"] {
            guard case .data(let bytes)? = try member(instance, key, depth: depth) else { continue }
            let components = String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
                .split(separator: " ").compactMap { Double($0) }
            if key == "NSRGB", components.count >= 3 {
                return ArchivedColor(red: components[0], green: components[1], blue: components[2],
                                     alpha: components.count > 3 ? components[3] : 1)
            }
            if key == "NSWhite", let white = components.first {
                return ArchivedColor(red: white, green: white, blue: white, alpha: components.count > 1 ? components[1] : 1)
            }
        }
        return nil
    }
}
