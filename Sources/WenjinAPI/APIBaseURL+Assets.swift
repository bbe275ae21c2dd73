import Foundation

/// Where WeCenter keeps the files the API names by relative path (docs/api.md §3.3).
extension APIBaseURL {
    /// An avatar from its `avatar_file` (`000/00/10/24_avatar_max.jpg`); WeCenter's default
    /// picture when the user has none.
    package func avatarURL(_ avatarFile: String?) -> URL? {
        guard let avatarFile, !avatarFile.isEmpty else { return resolving("static/common/avatar-max-img.png") }
        return resolving("uploads/avatar/" + avatarFile)
    }

    /// A topic picture from its `topic_pic` (`20150410/<hash>_100_100.jpg`); WeCenter's default
    /// picture when the topic has none.
    package func topicPictureURL(_ picture: String?) -> URL? {
        guard let picture, !picture.isEmpty else { return resolving("static/common/topic-max-img.png") }
        return resolving("uploads/topic/" + picture)
    }

    /// The full-size image of a WeCenter thumbnail (`170x110_<name>` or `90x90_<name>` beside
    /// `<name>`); nil when `url` is not a thumbnail.
    package static func originalOfThumbnail(_ url: URL) -> URL? {
        let name = url.lastPathComponent
        for prefix in ["170x110_", "90x90_"] where name.hasPrefix(prefix) && name.count > prefix.count {
            let original = String(name.dropFirst(prefix.count))
            var text = url.absoluteString
            guard let range = text.range(of: name, options: .backwards) else { return nil }
            text.replaceSubrange(range, with: original)
            return URL(string: text)
        }
        return nil
    }
}
