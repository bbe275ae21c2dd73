import Foundation
import Glibc

/// The bytes of one body as they arrive, at most `capacity`. Small bodies live in an ordinary
/// `Data`; past `mappedAbove` they move into an anonymous mapping of the whole capacity, which
/// is never copied to grow and goes back to the system the moment it is freed. Through malloc,
/// a flood of bodies cut at the cap left their pages in glibc's per-thread arenas and grew the
/// process past 300 MB; mapped, only the pages written to count, and only while in use.
final class BodyBuffer {
    static let mappedAbove = 1 << 20

    let capacity: Int
    private var small = Data()
    private var mapped: UnsafeMutableRawPointer?
    private(set) var count = 0

    init(capacity: Int) { self.capacity = capacity }

    deinit {
        if let mapped { munmap(mapped, capacity) }
    }

    /// Appends `bytes`; the caller has checked they fit in `capacity`.
    func append(_ bytes: ArraySlice<UInt8>) {
        guard !bytes.isEmpty else { return }
        if mapped == nil, count + bytes.count > Self.mappedAbove, capacity > Self.mappedAbove,
           let region = mmap(nil, capacity, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0), region != MAP_FAILED {
            small.withUnsafeBytes { if let start = $0.baseAddress { region.copyMemory(from: start, byteCount: $0.count) } }
            small = Data()
            mapped = region
        }
        if let mapped {
            bytes.withUnsafeBytes { (mapped + count).copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
        } else {
            small.append(contentsOf: bytes)
        }
        count += bytes.count
    }

    /// The body, handed over: a mapping is unmapped when the returned `Data` is freed.
    func take() -> Data {
        guard let region = mapped else { return small }
        mapped = nil
        let size = capacity
        return Data(bytesNoCopy: region, count: count, deallocator: .custom { pointer, _ in munmap(pointer, size) })
    }
}
