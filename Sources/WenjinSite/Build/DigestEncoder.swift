import Foundation
import WenjinBuildSupport
import WenjinModel

/// Feeds any `Encodable` value into a `ContentDigest`: every stored property the
/// value encodes, with its key, so a field added to a model later is part of the digest without
/// anyone remembering to add it. Keys are hashed as well as values: an absent optional is a
/// missing key, and `(a: nil, b: 5)` must differ from `(a: 5, b: nil)`.
struct DigestEncoder {
    /// The digest of `value` on its own.
    static func digest<Value: Encodable>(of value: Value) -> UInt64 {
        var digest = ContentDigest(seed: 0x6469_6765_7374)
        add(value, to: &digest)
        return digest.finish()
    }

    /// Adds `value` to a running digest.
    static func add<Value: Encodable>(_ value: Value, to digest: inout ContentDigest) {
        let sink = Sink(digest)
        // The models encode nothing that can throw; a value that did would only end early.
        try? value.encode(to: sink)
        digest = sink.digest
    }

    /// The encoder and its containers share this one running digest.
    final class Sink: Encoder {
        var digest: ContentDigest
        var codingPath: [any CodingKey] { [] }
        var userInfo: [CodingUserInfoKey: Any] { [:] }

        init(_ digest: ContentDigest) { self.digest = digest }

        func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
            digest.add(tag: 20)
            return KeyedEncodingContainer(Keyed<Key>(sink: self))
        }

        func unkeyedContainer() -> any UnkeyedEncodingContainer {
            digest.add(tag: 21)
            return Unkeyed(sink: self)
        }

        func singleValueContainer() -> any SingleValueEncodingContainer { Single(sink: self) }

        func add(_ text: String) { digest.add(tag: 5); digest.add(text) }
        func add(integer: Int64) { digest.add(tag: 3); digest.add(word: UInt64(bitPattern: integer)) }
        func add(unsigned: UInt64) { digest.add(tag: 9); digest.add(word: unsigned) }
        func add(double: Double) { digest.add(tag: 4); digest.add(word: double.bitPattern) }
        func add(bool: Bool) { digest.add(tag: bool ? 1 : 2) }
        func addNil() { digest.add(tag: 0) }

        func add<Value: Encodable>(_ value: Value) throws {
            // IDs and dates are most of what reaches here (the containers take strings and
            // numbers directly), so they are tried first: each failed cast costs.
            switch value {
            case let id as any EntityID: add(integer: Int64(id.rawValue))
            case let date as Date: add(double: date.timeIntervalSinceReferenceDate)
            case let text as String: add(text)
            case let number as Int: add(integer: Int64(number))
            default: try value.encode(to: self)
            }
        }
    }

    private struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let sink: Sink
        var codingPath: [any CodingKey] { [] }

        private func key(_ key: Key) { sink.digest.add(key.stringValue) }

        mutating func encodeNil(forKey key: Key) throws { self.key(key); sink.addNil() }
        mutating func encode(_ value: Bool, forKey key: Key) throws { self.key(key); sink.add(bool: value) }
        mutating func encode(_ value: String, forKey key: Key) throws { self.key(key); sink.add(value) }
        mutating func encode(_ value: Double, forKey key: Key) throws { self.key(key); sink.add(double: value) }
        mutating func encode(_ value: Float, forKey key: Key) throws { self.key(key); sink.add(double: Double(value)) }
        mutating func encode(_ value: Int, forKey key: Key) throws { self.key(key); sink.add(integer: Int64(value)) }
        mutating func encode(_ value: Int8, forKey key: Key) throws { self.key(key); sink.add(integer: Int64(value)) }
        mutating func encode(_ value: Int16, forKey key: Key) throws { self.key(key); sink.add(integer: Int64(value)) }
        mutating func encode(_ value: Int32, forKey key: Key) throws { self.key(key); sink.add(integer: Int64(value)) }
        mutating func encode(_ value: Int64, forKey key: Key) throws { self.key(key); sink.add(integer: value) }
        mutating func encode(_ value: UInt, forKey key: Key) throws { self.key(key); sink.add(unsigned: UInt64(value)) }
        mutating func encode(_ value: UInt8, forKey key: Key) throws { self.key(key); sink.add(unsigned: UInt64(value)) }
        mutating func encode(_ value: UInt16, forKey key: Key) throws { self.key(key); sink.add(unsigned: UInt64(value)) }
        mutating func encode(_ value: UInt32, forKey key: Key) throws { self.key(key); sink.add(unsigned: UInt64(value)) }
        mutating func encode(_ value: UInt64, forKey key: Key) throws { self.key(key); sink.add(unsigned: value) }
        mutating func encode<Value: Encodable>(_ value: Value, forKey key: Key) throws { self.key(key); try sink.add(value) }

        mutating func nestedContainer<Nested: CodingKey>(keyedBy type: Nested.Type, forKey key: Key) -> KeyedEncodingContainer<Nested> {
            self.key(key)
            return sink.container(keyedBy: type)
        }

        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            self.key(key)
            return sink.unkeyedContainer()
        }

        mutating func superEncoder() -> any Encoder { sink }
        mutating func superEncoder(forKey key: Key) -> any Encoder { self.key(key); return sink }
    }

    private struct Unkeyed: UnkeyedEncodingContainer {
        let sink: Sink
        var codingPath: [any CodingKey] { [] }
        private(set) var count = 0

        init(sink: Sink) { self.sink = sink }

        mutating func encodeNil() throws { count += 1; sink.addNil() }
        mutating func encode(_ value: Bool) throws { count += 1; sink.add(bool: value) }
        mutating func encode(_ value: String) throws { count += 1; sink.add(value) }
        mutating func encode(_ value: Double) throws { count += 1; sink.add(double: value) }
        mutating func encode(_ value: Float) throws { count += 1; sink.add(double: Double(value)) }
        mutating func encode(_ value: Int) throws { count += 1; sink.add(integer: Int64(value)) }
        mutating func encode(_ value: Int8) throws { count += 1; sink.add(integer: Int64(value)) }
        mutating func encode(_ value: Int16) throws { count += 1; sink.add(integer: Int64(value)) }
        mutating func encode(_ value: Int32) throws { count += 1; sink.add(integer: Int64(value)) }
        mutating func encode(_ value: Int64) throws { count += 1; sink.add(integer: value) }
        mutating func encode(_ value: UInt) throws { count += 1; sink.add(unsigned: UInt64(value)) }
        mutating func encode(_ value: UInt8) throws { count += 1; sink.add(unsigned: UInt64(value)) }
        mutating func encode(_ value: UInt16) throws { count += 1; sink.add(unsigned: UInt64(value)) }
        mutating func encode(_ value: UInt32) throws { count += 1; sink.add(unsigned: UInt64(value)) }
        mutating func encode(_ value: UInt64) throws { count += 1; sink.add(unsigned: value) }
        mutating func encode<Value: Encodable>(_ value: Value) throws { count += 1; try sink.add(value) }

        mutating func nestedContainer<Nested: CodingKey>(keyedBy type: Nested.Type) -> KeyedEncodingContainer<Nested> {
            count += 1
            return sink.container(keyedBy: type)
        }

        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
            count += 1
            return sink.unkeyedContainer()
        }

        mutating func superEncoder() -> any Encoder { sink }
    }

    private struct Single: SingleValueEncodingContainer {
        let sink: Sink
        var codingPath: [any CodingKey] { [] }

        mutating func encodeNil() throws { sink.addNil() }
        mutating func encode(_ value: Bool) throws { sink.add(bool: value) }
        mutating func encode(_ value: String) throws { sink.add(value) }
        mutating func encode(_ value: Double) throws { sink.add(double: value) }
        mutating func encode(_ value: Float) throws { sink.add(double: Double(value)) }
        mutating func encode(_ value: Int) throws { sink.add(integer: Int64(value)) }
        mutating func encode(_ value: Int8) throws { sink.add(integer: Int64(value)) }
        mutating func encode(_ value: Int16) throws { sink.add(integer: Int64(value)) }
        mutating func encode(_ value: Int32) throws { sink.add(integer: Int64(value)) }
        mutating func encode(_ value: Int64) throws { sink.add(integer: value) }
        mutating func encode(_ value: UInt) throws { sink.add(unsigned: UInt64(value)) }
        mutating func encode(_ value: UInt8) throws { sink.add(unsigned: UInt64(value)) }
        mutating func encode(_ value: UInt16) throws { sink.add(unsigned: UInt64(value)) }
        mutating func encode(_ value: UInt32) throws { sink.add(unsigned: UInt64(value)) }
        mutating func encode(_ value: UInt64) throws { sink.add(unsigned: value) }
        mutating func encode<Value: Encodable>(_ value: Value) throws { try sink.add(value) }
    }
}
