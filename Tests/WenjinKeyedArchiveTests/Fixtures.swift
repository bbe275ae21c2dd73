import Foundation

/// The archives `Fixtures/make_fixtures.py` wrote with python3's plistlib, and what it
/// recorded a correct reader must find in them.
enum Fixtures {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    static let archiveNames = [
        "assorted-dictionary", "embedded-images", "fonts-colors-links", "many-runs", "missing-image",
        "serialized-wrapper", "single-run-plain-string", "topics", "topics-mutable",
    ]

    static func archive(_ name: String) throws -> Data {
        try Data(contentsOf: directory.appendingPathComponent(name + ".plist"))
    }

    static func expectations() throws -> [String: ExpectedFixture] {
        try JSONDecoder().decode([String: ExpectedFixture].self, from: Data(contentsOf: directory.appendingPathComponent("expected.json")))
    }
}

struct ExpectedFixture: Decodable {
    let kind: String
    let text: String?
    let runs: [ExpectedRun]?
    let strings: [String]?
    let url: String?
    let date: Double?
}

struct ExpectedRun: Decodable {
    struct Font: Decodable {
        let name: String
        let size: Double
    }

    struct Attachment: Decodable {
        /// Hex of the image bytes, or nil when the archive holds none.
        let image: String?
        let name: String?
    }

    let start: Int
    let length: Int
    let font: Font?
    let color: [Double]?
    let link: String?
    let attachment: Attachment?
    let others: [String]?
}

extension Data {
    init(hex: String) {
        var bytes: [UInt8] = []
        var index = hex.startIndex
        while index < hex.endIndex {
            let next = hex.index(index, offsetBy: 2)
            bytes.append(UInt8(hex[index..<next], radix: 16)!)
            index = next
        }
        self.init(bytes)
    }
}
