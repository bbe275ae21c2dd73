import CLibXML2

/// Parses a body fragment with libxml2's HTML parser and lends out its top-level nodes.
/// The document lives only for the duration of the closure: libxml2 pointers never leave
/// this module, nor a synchronous call.
enum HTMLFragment {
    /// libxml2 needs one global initialisation before threads use it concurrently.
    static let parserReady: Bool = {
        xmlInitParser()
        return true
    }()

    private static let options = Int32(
        HTML_PARSE_RECOVER.rawValue | HTML_PARSE_NOERROR.rawValue | HTML_PARSE_NOWARNING.rawValue
            | HTML_PARSE_NONET.rawValue | HTML_PARSE_NODEFDTD.rawValue | HTML_PARSE_COMPACT.rawValue)

    /// Calls `body` with each top-level node of `html`, in order.
    ///
    /// The fragment is parsed inside a `<div>` so that top-level text is not wrapped in an
    /// implied `<p>`; a stray `</div>` in the input may close that wrapper early, so every
    /// child of `<body>` is visited, the wrapper's children in its place (docs/design.md#libxml2).
    static func withTopLevelNodes(of html: String, _ body: (xmlNodePtr) -> Void) {
        precondition(parserReady)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(html.utf8.count + 11)
        bytes.append(contentsOf: "<div>".utf8)
        var html = html
        html.withUTF8 { utf8 in
            if needsCleaning(utf8) {
                appendCleaned(utf8, to: &bytes)
            } else {
                bytes.append(contentsOf: utf8)
            }
        }
        bytes.append(contentsOf: "</div>".utf8)
        let document = bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) {
                htmlReadMemory($0.baseAddress, Int32($0.count), nil, "UTF-8", options)
            }
        }
        guard let document else { return }
        defer { xmlFreeDoc(document) }
        guard let bodyElement = findBody(in: document) else { return }
        var child = bodyElement.pointee.children
        var isFirst = true
        while let node = child {
            if isFirst, node.pointee.type == XML_ELEMENT_NODE, NodeName.of(node) == "div" {
                var inner = node.pointee.children
                while let innerNode = inner {
                    body(innerNode)
                    inner = innerNode.pointee.next
                }
            } else {
                body(node)
            }
            isFirst = false
            child = node.pointee.next
        }
    }

    private static func needsCleaning(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        for index in utf8.indices {
            let byte = utf8[index]
            if byte < 0x20 && byte != 9 && byte != 10 && byte != 13 || byte == 0x7F { return true }
            if byte == 0xEF, index + 2 < utf8.count, utf8[index + 1] == 0xBF, utf8[index + 2] >= 0xBE { return true }
        }
        return false
    }

    /// A NUL would end libxml2's input early; browsers read it as U+FFFD. Other characters
    /// that XML forbids (C0 controls but tab, LF and CR; DEL; U+FFFE, U+FFFF) are dropped
    /// here rather than by the writer, so that what the walk sees is what it writes.
    private static func appendCleaned(_ utf8: UnsafeBufferPointer<UInt8>, to bytes: inout [UInt8]) {
        var index = 0
        while index < utf8.count {
            let byte = utf8[index]
            switch byte {
            case 0: bytes.append(contentsOf: [0xEF, 0xBF, 0xBD])
            case 9, 10, 13: bytes.append(byte)
            case 1..<0x20, 0x7F: break
            case 0xEF where index + 2 < utf8.count && utf8[index + 1] == 0xBF && utf8[index + 2] >= 0xBE: index += 2
            default: bytes.append(byte)
            }
            index += 1
        }
    }

    private static func findBody(in document: htmlDocPtr) -> xmlNodePtr? {
        guard let root = xmlDocGetRootElement(document) else { return nil }
        var child = root.pointee.children
        while let node = child {
            if node.pointee.type == XML_ELEMENT_NODE, NodeName.of(node) == "body" { return node }
            child = node.pointee.next
        }
        return nil
    }
}

/// Reading names and values out of libxml2 nodes.
enum NodeName {
    static func of(_ node: xmlNodePtr) -> String {
        guard let name = node.pointee.name else { return "" }
        return String(cString: name)
    }

    static func of(_ attribute: xmlAttrPtr) -> String {
        guard let name = attribute.pointee.name else { return "" }
        let text = String(cString: name)
        // libxml2's HTML parser lower-cases names already; this is the rare exception.
        return text.utf8.contains(where: { $0 >= 65 && $0 <= 90 }) ? text.lowercased() : text
    }

    /// An attribute's value: the concatenated content of its text children.
    static func value(of attribute: xmlAttrPtr) -> String {
        var value = ""
        var child = attribute.pointee.children
        while let node = child {
            if let content = node.pointee.content { value += String(cString: content) }
            child = node.pointee.next
        }
        return value
    }
}
