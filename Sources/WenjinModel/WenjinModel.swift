// WenjinModel owns the plain values every other module passes around: the community's
// entities as a reader of the archive sees them, and the small ID types that name them.
// It must not hold logic beyond small conveniences: no decoding of API quirks, no storage,
// no rendering.
//
// Conventions shared by every entity:
// - Texts are kept exactly as the API sends them: titles, names and comment texts still carry
//   their HTML entities (`C++ &amp; Java`), bodies are the server's HTML. Decode or sanitize at
//   the point of use, never here, so nothing is escaped or unescaped twice.
// - Times are `Date`s built from the API's unix seconds; they hold whole seconds only.
// - `isAnonymous` means the archive must not show the author: WENJIN sends uid −1 and a flag;
//   upstream WeCenter's API sends the real uid and no flag, so the crawler learns anonymity
//   from the community's web page (`ShownAuthor`) and treats a post as anonymous until then.
//   The author ID is the real author when the source sent one (private: never published).
