import Foundation

/// The ways a state file in `.wenjin/` stops being trustworthy, for tests that a build then
/// falls back to its full path: a byte flipped inside it, its end cut off, the file gone.
enum StateFileDamage {
    static let all: [(name: String, damage: @Sendable (URL) throws -> Void)] = [
        ("damaged", { file in
            var bytes = try [UInt8](Data(contentsOf: file))
            bytes[bytes.count / 2] ^= 0x20
            try Data(bytes).write(to: file)
        }),
        ("cut short", { file in try Data(try Data(contentsOf: file).dropLast(20)).write(to: file) }),
        ("missing", { file in try FileManager.default.removeItem(at: file) }),
    ]
}
