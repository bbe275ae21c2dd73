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
// - An anonymous author is a `nil` author ID with `isAnonymous` set (WENJIN sends uid −1);
//   upstream WeCenter sends the real uid with `anonymous = 1`, so both fields are kept.
