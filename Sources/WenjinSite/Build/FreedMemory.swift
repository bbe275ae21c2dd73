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

    /// Makes every allocation of a megabyte or more a mapping of its own, returned to the
    /// system when freed. glibc raises that threshold as large blocks are freed (up to 32 MiB),
    /// after which the build's large buffers (state files, index files, page slices) come from
    /// the heap and stay resident when freed, raising the peak by tens of megabytes.
    static func mapLargeBlocks() {
        let mmapThreshold: Int32 = -3  // M_MMAP_THRESHOLD in <malloc.h>
        _ = option?(mmapThreshold, 1 << 20)
    }
}
