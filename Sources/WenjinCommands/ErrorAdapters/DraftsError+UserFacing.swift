import WenjinDrafts

extension DraftsError: UserFacingError {
    package var failure: String {
        switch reason {
        case .noDraftFile: "there is no draft file"
        case .sqlite: "the draft file cannot be read or written"
        case .noSuchDraft(let reference): "there is no draft \(reference)"
        case .ambiguousTime(let time, _): "several drafts were saved at \(time)"
        case .badReference(let text): "'\(text)' does not name a draft"
        case .unreadableImage(let image, _): "cannot read the image \(image)"
        case .notAnImage(let image): "\(image) is not an image"
        case .foreignDatabase: "the drafts file belongs to something else"
        }
    }

    package var location: String? { path }

    package var cause: String? {
        switch reason {
        case .sqlite(let cause): "SQLite error \(cause.code): \(cause.message)"
        case .ambiguousTime(_, let candidates): "they are \(candidates.joined(separator: ", "))"
        case .unreadableImage(_, let why): why
        case .foreignDatabase(let tables): "it is a SQLite database with other tables (\(tables.joined(separator: ", "))); it was left as it was"
        case .notAnImage: "a draft embeds only PNG, JPEG, GIF and WebP files (known by their first bytes, not their name)"
        default: nil
        }
    }

    package var remedy: String? {
        switch reason {
        case .noDraftFile, .sqlite, .foreignDatabase: "check drafts.path in site.json"
        case .noSuchDraft, .badReference: "run `wenjin drafts list` to see the drafts and their references"
        case .ambiguousTime: "name one of them by its reference"
        case .unreadableImage: "image paths are relative to the body file's folder"
        case .notAnImage: "check the path in the ![](…) line; convert the file to one of those formats"
        }
    }

    package var exitCode: ExitCode {
        switch reason {
        case .badReference: .usage
        default: .failure
        }
    }
}
