import WenjinZim

extension ZimError: UserFacingError {
    package var failure: String {
        switch reason {
        case .libzim: "libzim could not write the ZIM file"
        case .illustration: "the theme's icon cannot be the ZIM's illustration"
        case .metadata: "site.json's zim section cannot make the ZIM's metadata"
        case .privacy: "refusing to export: the site lets out withheld content"
        case .cannotPlace: "cannot put the finished ZIM file in its place"
        }
    }

    package var location: String? { file }

    package var cause: String? {
        switch reason {
        case .libzim(let message), .illustration(let message), .metadata(let message), .cannotPlace(let message):
            message
        case .privacy(let findings):
            findings.prefix(5).map(\.description).joined(separator: "; ") + (findings.count > 5 ? "; …" : "")
        }
    }

    package var remedy: String? {
        switch reason {
        case .libzim: "check the free space and that the output folder is writable; no ZIM was left behind"
        case .illustration: "put a 48×48 PNG at Themes/<theme>/assets/icon-48.png"
        case .metadata: "change the zim section of site.json (see README, \"Offline mirror for Kiwix\")"
        case .privacy: "run `wenjin check --privacy` for the full list; rebuild after fixing the cause"
        case .cannotPlace: "check that the output folder is writable, or choose another with --output"
        }
    }
}
