import Foundation
import Glibc
import WenjinBuildSupport

extension PageFingerprint {
    /// What every page's bytes depend on besides its context: the theme's template files, its
    /// UI strings, and the program itself (a new `wenjin` may render the same context anew).
    static func seed(theme: Theme) -> PageFingerprint {
        var digest = ContentDigest(seed: 0x7765_6E6A_696E)
        let templates = theme.folder.appendingPathComponent("templates")
        let paths = ((try? FileManager.default.subpathsOfDirectory(atPath: templates.path)) ?? []).sorted()
        for relative in paths {
            guard let data = FileManager.default.contents(atPath: templates.appendingPathComponent(relative).path) else { continue }
            digest.add(relative)
            data.withUnsafeBytes { digest.add(bytes: $0) }
        }
        // A changed style sheet or script renames itself, and every page links the new name.
        for (original, hashed) in (theme.hashedNames?.renamed ?? [:]).sorted(by: { $0.key < $1.key }) {
            digest.add(original)
            digest.add(hashed)
        }
        digest.add(theme.strings.language.rawValue)
        for key in theme.strings.texts.keys.sorted() {
            digest.add(key)
            digest.add(theme.strings[key])
        }
        digest.add(word: programIdentity)
        return PageFingerprint(value: digest.finish())
    }

    /// The running program's file, by size and time: a new `wenjin` may render, or digest, the
    /// same inputs anew.
    static let programIdentity: UInt64 = {
        var digest = ContentDigest(seed: 0x7072_6F67)
        var program = stat()
        if stat("/proc/self/exe", &program) == 0 {
            digest.add(word: UInt64(bitPattern: Int64(program.st_size)))
            digest.add(word: UInt64(bitPattern: Int64(program.st_mtim.tv_sec)))
            digest.add(word: UInt64(bitPattern: Int64(program.st_mtim.tv_nsec)))
        }
        return digest.finish()
    }()

    /// The theme's seed with the site's settings that every page shows (title, base URL,
    /// footer, drafts link, the community's address) and what every body's HTML depends on
    /// besides its text and links (the hosts it is read against, the sanitizer's policy).
    static func seed(theme: Theme, renderer: PageRenderer) -> PageFingerprint {
        var digest = ContentDigest(seed: seed(theme: theme).value)
        digest.add(renderer.siteTitle)
        digest.add(renderer.baseURL ?? "\u{0}")
        digest.add(renderer.footer ?? "\u{0}")
        digest.add(renderer.draftsIndex?.text ?? "\u{0}")
        digest.add(renderer.content.sourceBase)
        digest.add(renderer.bodies.ledger.hostsIdentity)
        digest.add(word: UInt64(renderer.bodies.ledger.policyVersion))
        return PageFingerprint(value: digest.finish())
    }
}
