// A C interface to libzim's writer (Debian libzim-dev 8.x, C++ only), so Swift can call it
// without C++ interoperability: every libzim exception is caught here and becomes an error
// message the caller frees with `wenjin_zim_free_error`.
#ifndef CZIMWRITER_H
#define CZIMWRITER_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/// One ZIM file being written; opaque to Swift.
typedef struct WenjinZimCreator WenjinZimCreator;

/// Starts writing `path` with a full-text index in `indexLanguage` (ISO 639-3), `workers`
/// threads compressing clusters and indexing, and clusters of about `clusterBytes` before
/// compression. NULL on failure, with `*error` set.
WenjinZimCreator *_Nullable wenjin_zim_start(const char *_Nonnull path, const char *_Nonnull indexLanguage,
                                             unsigned workers, size_t clusterBytes, char *_Nullable *_Nonnull error);

/// What the full-text index learns of an entry.
typedef enum WenjinZimIndexing {
    /// Not indexed (lists, user and topic pages, files).
    WenjinZimIndexingNone = 0,
    /// libzim parses the page's HTML and indexes all of its text.
    WenjinZimIndexingWholePage = 1,
    /// The text given in `WenjinZimIndexText`, and nothing of the page.
    WenjinZimIndexingGivenText = 2,
} WenjinZimIndexing;

/// The text a page is found by: its title, its own text (no navigation, no sidebars), keywords
/// weighed as libzim weighs a page's `<meta name="keywords">`, and the word count Kiwix shows.
typedef struct WenjinZimIndexText {
    const char *_Nonnull title;
    const char *_Nonnull content;
    const char *_Nonnull keywords;
    unsigned wordCount;
} WenjinZimIndexText;

/// Adds `length` bytes as the entry `path`; a front article is offered in title suggestions and
/// Kiwix's random page. The bytes, and `text` (read only with `WenjinZimIndexingGivenText`), are
/// copied before the call returns: the build hands over what it made in memory, and no file is
/// read back from disk. Not to be called from two threads at once.
int wenjin_zim_add_bytes(WenjinZimCreator *_Nonnull creator, const char *_Nonnull path, const char *_Nonnull mimeType,
                         const char *_Nonnull title, int frontArticle, const void *_Nullable bytes, size_t length,
                         WenjinZimIndexing indexing, const WenjinZimIndexText *_Nullable text,
                         char *_Nullable *_Nonnull error);

/// Adds a text metadata entry (`M/name`).
int wenjin_zim_add_metadata(WenjinZimCreator *_Nonnull creator, const char *_Nonnull name, const char *_Nonnull content,
                            char *_Nullable *_Nonnull error);

/// Adds `Illustration_<size>x<size>@1`, a PNG.
int wenjin_zim_add_illustration(WenjinZimCreator *_Nonnull creator, unsigned size, const void *_Nonnull bytes,
                                size_t length, char *_Nullable *_Nonnull error);

/// Names the entry Kiwix opens first.
void wenjin_zim_set_main_path(WenjinZimCreator *_Nonnull creator, const char *_Nonnull path);

/// Writes the indexes and closes the file, then frees the creator (whether or not it succeeded).
int wenjin_zim_finish(WenjinZimCreator *_Nonnull creator, char *_Nullable *_Nonnull error);

/// Frees a creator that will not be finished; the partial file is left for the caller to remove.
void wenjin_zim_discard(WenjinZimCreator *_Nonnull creator);

void wenjin_zim_free_error(char *_Nullable error);

#ifdef __cplusplus
}
#endif

#endif
