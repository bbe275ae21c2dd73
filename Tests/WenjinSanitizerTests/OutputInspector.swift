import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
@testable import WenjinSanitizer

/// Reads sanitizer output back with an XML parser (our serializer writes well-formed
/// markup) and lists what a browser would see as executable.
final class OutputInspector: NSObject, XMLParserDelegate {
    private(set) var elements: [(name: String, attributes: [String: String])] = []
    private(set) var text = ""

    /// Nil when `html` is not well-formed.
    static func inspect(_ html: String) -> OutputInspector? {
        let inspector = OutputInspector()
        let parser = XMLParser(data: Data("<root>\(html)</root>".utf8))
        parser.delegate = inspector
        return parser.parse() ? inspector : nil
    }

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String]
    ) {
        if elementName != "root" { elements.append((elementName, attributes)) }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        text += string
    }

    static let executableElements: Set<String> = [
        "script", "style", "iframe", "frame", "frameset", "object", "embed", "applet", "form", "input", "button",
        "select", "textarea", "svg", "math", "template", "noscript", "link", "meta", "base",
    ]

    static let urlAttributes: Set<String> = [
        "href", "src", "cite", "action", "formaction", "background", "dynsrc", "lowsrc", "poster", "data", "xlink:href",
    ]

    /// Every executable construct found: elements, event attributes, bad URLs, `expression(`.
    var executableConstructs: [String] {
        var found: [String] = []
        for (name, attributes) in elements {
            if Self.executableElements.contains(name.lowercased()) { found.append("<\(name)>") }
            for (attribute, value) in attributes {
                if attribute.lowercased().hasPrefix("on") { found.append("\(name)@\(attribute)") }
                // CSS is where `expression(` executes; no style attribute may survive at all.
                if attribute.lowercased() == "style" { found.append("\(name)@style=\(value)") }
                if Self.urlAttributes.contains(attribute.lowercased()), let scheme = BodyURL.scheme(of: value)?.lowercased(),
                    ["javascript", "vbscript", "data", "livescript"].contains(scheme)
                {
                    found.append("\(name)@\(attribute)=\(value)")
                }
            }
        }
        return found
    }
}
