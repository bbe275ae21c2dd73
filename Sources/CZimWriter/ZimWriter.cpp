// The C interface of CZimWriter.h over zim::writer::Creator. Exceptions never cross into Swift.
#include "CZimWriter.h"

#include <cstdlib>
#include <cstring>
#include <exception>
#include <memory>
#include <utility>
#include <string>

#include <zim/writer/contentProvider.h>
#include <zim/writer/creator.h>
#include <zim/writer/item.h>

struct WenjinZimCreator {
    zim::writer::Creator creator;
};

namespace {

char *copyMessage(const char *message) {
    size_t length = std::strlen(message);
    char *copy = static_cast<char *>(std::malloc(length + 1));
    if (copy != nullptr) std::memcpy(copy, message, length + 1);
    return copy;
}

/// Runs `work`, turning any exception into `*error` and a 0 result.
template <typename Work>
int guarded(char **error, Work work) {
    try {
        work();
        return 1;
    } catch (const std::exception &failure) {
        *error = copyMessage(failure.what());
    } catch (...) {
        *error = copyMessage("libzim failed without a message");
    }
    return 0;
}

zim::writer::Hints frontArticleHints(bool frontArticle) {
    zim::writer::Hints result;
    result[zim::writer::HintKeys::FRONT_ARTICLE] = frontArticle ? 1 : 0;
    // COMPRESS is left to libzim, which compresses text types and stores images as they are.
    return result;
}

/// The text the build already has for a page (docs/design.md: the search documents' plain
/// text), handed to the index as it is: libzim would otherwise parse the whole page and index its
/// navigation and sidebars too, which with Xapian's CJK n-grams was most of an export's time.
class GivenIndexData : public zim::writer::IndexData {
  public:
    explicit GivenIndexData(const WenjinZimIndexText &text)
        : title(text.title), content(text.content), keywords(text.keywords), wordCount(text.wordCount) {}

    bool hasIndexData() const override { return true; }
    std::string getTitle() const override { return title; }
    std::string getContent() const override { return content; }
    std::string getKeywords() const override { return keywords; }
    uint32_t getWordCount() const override { return wordCount; }
    GeoPosition getGeoPosition() const override { return GeoPosition(false, 0, 0); }

  private:
    std::string title;
    std::string content;
    std::string keywords;
    uint32_t wordCount;
};

/// A file of the site, handed over in memory by the build and shared with the content provider
/// (so it is not copied again), with the index data `WenjinZimIndexing` names. Lists, user and
/// topic pages (a third of them) only repeat the questions' titles: not indexed.
class SiteItem : public zim::writer::BasicItem {
  public:
    SiteItem(const std::string &path, const std::string &mimeType, const std::string &title, bool frontArticle,
             std::string content, WenjinZimIndexing indexing, const WenjinZimIndexText *text)
        : BasicItem(path, mimeType, title, frontArticleHints(frontArticle)),
          content(std::make_shared<const std::string>(std::move(content))), indexing(indexing) {
        if (indexing == WenjinZimIndexingGivenText && text != nullptr) given = std::make_shared<GivenIndexData>(*text);
    }

    std::unique_ptr<zim::writer::ContentProvider> getContentProvider() const override {
        return std::unique_ptr<zim::writer::ContentProvider>(new zim::writer::SharedStringProvider(content));
    }

    std::shared_ptr<zim::writer::IndexData> getIndexData() const override {
        switch (indexing) {
        case WenjinZimIndexingWholePage: return Item::getIndexData();
        case WenjinZimIndexingGivenText: return given;
        default: return nullptr;
        }
    }

  private:
    std::shared_ptr<const std::string> content;
    WenjinZimIndexing indexing;
    std::shared_ptr<GivenIndexData> given;
};

}  // namespace

extern "C" {

WenjinZimCreator *wenjin_zim_start(const char *path, const char *indexLanguage, unsigned workers, size_t clusterBytes,
                                   char **error) {
    auto created = std::make_unique<WenjinZimCreator>();
    int started = guarded(error, [&] {
        created->creator.configIndexing(true, indexLanguage)
            .configCompression(zim::Compression::Zstd)
            .configClusterSize(clusterBytes)
            .configNbWorkers(workers);
        created->creator.startZimCreation(path);
    });
    return started ? created.release() : nullptr;
}

int wenjin_zim_add_bytes(WenjinZimCreator *creator, const char *path, const char *mimeType, const char *title,
                         int frontArticle, const void *bytes, size_t length, WenjinZimIndexing indexing,
                         const WenjinZimIndexText *text, char **error) {
    return guarded(error, [&] {
        std::string content = length == 0 ? std::string() : std::string(static_cast<const char *>(bytes), length);
        creator->creator.addItem(
            std::make_shared<SiteItem>(path, mimeType, title, frontArticle != 0, std::move(content), indexing, text));
    });
}

int wenjin_zim_add_metadata(WenjinZimCreator *creator, const char *name, const char *content, char **error) {
    return guarded(error, [&] { creator->creator.addMetadata(name, content); });
}

int wenjin_zim_add_illustration(WenjinZimCreator *creator, unsigned size, const void *bytes, size_t length,
                                char **error) {
    return guarded(error, [&] {
        creator->creator.addIllustration(size, std::string(static_cast<const char *>(bytes), length));
    });
}

void wenjin_zim_set_main_path(WenjinZimCreator *creator, const char *path) {
    creator->creator.setMainPath(path);
}

int wenjin_zim_finish(WenjinZimCreator *creator, char **error) {
    std::unique_ptr<WenjinZimCreator> owned(creator);
    return guarded(error, [&] { owned->creator.finishZimCreation(); });
}

void wenjin_zim_discard(WenjinZimCreator *creator) {
    try {
        delete creator;
    } catch (...) {
        // A destructor that throws while abandoning a file has nothing left to report to.
    }
}

void wenjin_zim_free_error(char *error) {
    std::free(error);
}

}  // extern "C"
