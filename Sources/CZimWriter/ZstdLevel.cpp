// Debian's libzim 8.1 compresses every cluster with zstd at level 19 (a constant passed to
// ZSTD_initCStream; its `configCompression` takes no level), which took about three
// quarters of an export's time (BENCHMARKS.md, ZIM export). This definition takes the place of
// libzstd's for the whole program (the executable's symbols come first in the dynamic
// linker's lookup), and does what zstd.h documents ZSTD_initCStream to do, at level 3 (zstd's
// own default). Measured at 2,000 questions (BENCHMARKS.md, ZIM export): levels 3 and 9 cost
// 1.6 and 2.6 s of CPU for the whole export, for a ZIM of 18.1 and 17.5 MB; level 19 was most
// of an export's time for a ZIM a few per cent smaller still (images are stored as they are).
#include <zstd.h>

namespace {
constexpr int zimClusterLevel = 3;
}

extern "C" size_t ZSTD_initCStream(ZSTD_CStream *stream, int) {
    size_t result = ZSTD_CCtx_reset(stream, ZSTD_reset_session_only);
    if (ZSTD_isError(result)) return result;
    result = ZSTD_CCtx_refCDict(stream, nullptr);
    if (ZSTD_isError(result)) return result;
    return ZSTD_CCtx_setParameter(stream, ZSTD_c_compressionLevel, zimClusterLevel);
}
