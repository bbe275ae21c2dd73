import Foundation

/// The files a WeCenter site serves beside its API: avatars, topic pictures, uploaded attachments
/// with their thumbnails, the default images, and robots.txt (docs/api.md §3.3).
extension SampleAPI {
    func uploadedFile(at path: String, context: Context) -> SampleResponse {
        if path == "/robots.txt" {
            return SampleResponse(status: 200, headers: [("Content-Type", "text/plain; charset=utf-8")], body: Array(robotsTxt.utf8))
        }
        guard let image = image(at: path) else {
            return SampleResponse(status: 404, headers: [("Content-Type", "text/html; charset=utf-8")],
                                  body: Array("<html><body><h1>404 Not Found</h1></body></html>".utf8))
        }
        return SampleResponse(status: 200, headers: [
            ("Content-Type", image.isPNG ? "image/png" : "image/jpeg"), ("Last-Modified", "Sun, 01 Mar 2015 00:00:00 GMT"),
            ("Cache-Control", "max-age=2592000"),
        ], body: image.bytes)
    }

    struct ImageFile {
        let bytes: [UInt8]
        let isPNG: Bool
    }

    private func image(at path: String) -> ImageFile? {
        let parts = path.split(separator: "/").map(String.init)
        guard let file = parts.last else { return nil }
        switch parts.first {
        case "uploads" where parts.count == 6 && parts[1] == "avatar":
            // uploads/avatar/000/00/10/24_avatar_max.jpg
            guard let uid = Int(parts[2] + parts[3] + parts[4] + (file.split(separator: "_").first ?? "")),
                  let user = community.user(uid), user.hasAvatar, avatarFile(user) != nil,
                  let size = [("min", 32), ("mid", 50), ("max", 100), ("real", 200)].first(where: { file.hasSuffix("_avatar_\($0.0).jpg") })?.1
            else { return nil }
            return ImageFile(bytes: SampleImages.avatar(seed: community.options.seed, uid: uid, size: size), isPNG: false)
        case "uploads" where parts.count == 4 && parts[1] == "topic":
            // uploads/topic/20150410/<hash>_100_100.jpg or the original <hash>.jpg
            let stem = file.replacingOccurrences(of: ".jpg", with: "")
            let pieces = stem.split(separator: "_")
            let size = pieces.count == 3 ? Int(pieces[1]) : 200
            guard let size, [32, 50, 100, 200].contains(size), let hash = pieces.first,
                  let id = community.lookup.topicByPicture["\(parts[2])/\(hash)"] else { return nil }
            return ImageFile(bytes: SampleImages.topic(seed: community.options.seed, id: id, size: size), isPNG: false)
        case "uploads" where parts.count == 4:
            // uploads/<answer|questions|article>/<day>/[170x110_|90x90_]<hash>.<ext>
            let (prefix, name) = Self.thumbnailPrefix(of: file)
            let stem = String(name.split(separator: ".").first ?? "")
            guard let id = community.lookup.attachmentByName[stem], let attachment = community.attachment(id),
                  attachment.folder == parts[1], attachment.day == parts[2], name == "\(attachment.name).\(attachment.ext)"
            else { return nil }
            let size = prefix == "170x110_" ? (170, 110) : prefix == "90x90_" ? (90, 90) : (320, 240)
            let isPNG = attachment.ext == "png"
            return ImageFile(bytes: SampleImages.photo(seed: community.options.seed, id: id, width: size.0, height: size.1, png: isPNG), isPNG: isPNG)
        case "static" where parts.count == 3 && parts[1] == "common":
            // static/common/avatar-max-img.png, topic-mid-img.png, …
            let sizes = ["min": 32, "mid": 50, "max": 100]
            let pieces = file.split(separator: "-")
            guard pieces.count == 3, ["avatar", "topic"].contains(pieces[0]), let size = sizes[String(pieces[1])], pieces[2] == "img.png" else {
                return nil
            }
            return ImageFile(bytes: SampleImages.placeholder(size: size, topic: pieces[0] == "topic"), isPNG: true)
        default:
            return nil
        }
    }

    /// `170x110_<name>` and `90x90_<name>` are thumbnails of `<name>`.
    static func thumbnailPrefix(of file: String) -> (prefix: String, name: String) {
        for prefix in ["170x110_", "90x90_"] where file.hasPrefix(prefix) { return (prefix, String(file.dropFirst(prefix.count))) }
        return ("", file)
    }

    /// The default robots.txt: the admin area and the account pages are off limits, as on a
    /// WeCenter install; everything the API crawl needs is allowed.
    package static let defaultRobotsTxt = """
        User-agent: *
        Disallow: /?/admin/
        Disallow: /?/account/setting/
        Disallow: /static/private/

        """
}
