/// A line and column in a text file, both counted from 1; columns count Unicode scalars.
package struct TextPosition: Sendable, Equatable, CustomStringConvertible {
    package var line: Int
    package var column: Int
    package var description: String { "\(line):\(column)" }

    package init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }
}

/// The bytes a document was parsed from, to turn the offsets the parser recorded into lines
/// and columns when an error is reported. Line starts are found on the first question only,
/// so a document read without errors never pays for them.
package final class JSONSource {
    package let bytes: [UInt8]
    private var lineStarts: [Int]?

    package init(_ bytes: [UInt8]) { self.bytes = bytes }

    package convenience init(_ text: String) { self.init(Array(text.utf8)) }

    /// The document's value; a syntax error keeps its offset (`position(at:)` says where).
    package func parse() throws(JSONSyntaxError) -> JSONNode { try JSONParser.parse(bytes) }

    package func position(at offset: Int) -> TextPosition {
        let starts = lineStarts ?? findLineStarts()
        lineStarts = starts
        let target = min(max(offset, 0), bytes.count)
        // The last line start not after the offset (binary search: a takedowns file asks often).
        var low = 0
        var high = starts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= target { low = middle } else { high = middle - 1 }
        }
        // Columns count scalars: every byte but UTF-8 continuation bytes starts one.
        let column = bytes[starts[low]..<target].reduce(1) { $1 & 0xC0 == 0x80 ? $0 : $0 + 1 }
        return TextPosition(line: low + 1, column: column)
    }

    private func findLineStarts() -> [Int] {
        var starts = [0]
        for (offset, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") { starts.append(offset + 1) }
        return starts
    }
}
