import Glibc

/// Hands memory the build has freed back to the system between steps.
///
/// glibc keeps freed heap pages (in one arena per thread that ever allocated) for later
/// allocations, so without this the raw bodies, the sanitized HTML and the search postings of
/// a large archive keep counting towards the process's resident size after they are gone; at
/// 50,000 questions this gives back 20–70 MiB between steps.
enum FreedMemory {
    /// glibc's `malloc_trim`, looked up at run time: Swift's Glibc module does not import
    /// `<malloc.h>`. Nil on a C library without it, where giving back does nothing.
    private static let trim: (@convention(c) (Int) -> Int32)? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (Int) -> Int32).self)
    }()

    static func giveBack() {
        _ = trim?(0)
    }

    /// glibc's `mallopt`, looked up like `trim`.
    private static let option: (@convention(c) (Int32, Int32) -> Int32)? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (Int32, Int32) -> Int32).self)
    }()

    /// Sets glibc's allocator for a build: large blocks mapped on their own, and headroom kept
    /// at the top of the heap.
    ///
    /// Every allocation of a megabyte or more becomes a mapping of its own, returned to the
    /// system when freed. glibc raises that threshold as large blocks are freed (up to 32 MiB),
    /// after which the build's large buffers (state files, index files, page slices) come from
    /// the heap and stay resident when freed, raising the peak by tens of megabytes.
    ///
    /// The heap grows, and is trimmed back when blocks at its top are freed, in steps of
    /// 64 MiB rather than glibc's 128 KiB: the read of a large archive allocates and frees
    /// millions of small blocks, and with the small step the same pages went back to the system
    /// and were faulted in again, zeroed, over and over (a one-question rebuild at 100,000
    /// questions: 170,000 page faults, system time 0.62 s; with 64 MiB 116,000 and 0.45 s, the
    /// whole rebuild 0.1 s shorter; BENCHMARKS.md, "Session 14: glibc's heap in 64 MiB steps"). It
    /// costs the full build's peak 50 MiB (570 → 621 MiB) and a rebuild's 50–60 MiB (≈440 MiB): the
    /// full build stays far under 1 GiB and above every rebuild. `giveBack` still returns everything
    /// free: `malloc_trim` keeps no headroom.
    static func tuneForBuild() {
        let mmapThreshold: Int32 = -3  // M_MMAP_THRESHOLD in <malloc.h>
        let topPad: Int32 = -2  // M_TOP_PAD
        _ = option?(mmapThreshold, 1 << 20)
        _ = option?(topPad, 64 << 20)
    }
}
