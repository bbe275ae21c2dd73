import Foundation
import Testing
import WenjinTestSupport
import WenjinTemplates

/// One test of the official Mustache spec (`../shared/spec/mustache/*.json`).
struct SpecCase: Sendable, CustomTestStringConvertible {
    let file: String
    let name: String
    let data: TemplateValue
    let template: String
    let partials: [String: String]
    let expected: String

    var testDescription: String { "\(file): \(name)" }

    /// The spec folder: <package root>/../shared/spec/mustache.
    static let folder = SharedSpec.folder.appendingPathComponent("mustache")

    /// The spec files the engine must pass; lambdas are not implemented (not needed).
    static let files = ["comments", "delimiters", "interpolation", "inverted", "partials", "sections",
                        "~inheritance", "~dynamic-names"]

    static let all: [SpecCase] = files.flatMap { (try? load($0)) ?? [] }

    static func load(_ file: String) throws -> [SpecCase] {
        let data = try Data(contentsOf: folder.appendingPathComponent("\(file).json"))
        return try JSONDecoder().decode(SpecFile.self, from: data).tests.map {
            SpecCase(file: file, name: $0.name, data: $0.data.value, template: $0.template,
                     partials: $0.partials ?? [:], expected: $0.expected)
        }
    }
}

private struct SpecFile: Decodable {
    struct Test: Decodable {
        let name: String
        let data: JSONValue
        let template: String
        let partials: [String: String]?
        let expected: String
    }

    let tests: [Test]
}

/// JSON decoded into template values; booleans, integers and decimals stay distinct.
private struct JSONValue: Decodable {
    let value: TemplateValue

    init(from decoder: any Decoder) throws {
        if let object = try? decoder.container(keyedBy: Key.self) {
            var result = TemplateObject()
            for key in object.allKeys.sorted(by: { $0.stringValue < $1.stringValue }) {
                result[key.stringValue] = try object.decode(JSONValue.self, forKey: key).value
            }
            value = .object(result)
            return
        }
        if var list = try? decoder.unkeyedContainer() {
            var items: [TemplateValue] = []
            while !list.isAtEnd { items.append(try list.decode(JSONValue.self).value) }
            value = .list(items)
            return
        }
        let single = try decoder.singleValueContainer()
        if single.decodeNil() {
            value = .null
        } else if let bool = try? single.decode(Bool.self) {
            value = .bool(bool)
        } else if let int = try? single.decode(Int.self) {
            value = .int(int)
        } else if let double = try? single.decode(Double.self) {
            value = .double(double)
        } else {
            value = .string(try single.decode(String.self))
        }
    }

    private struct Key: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}
