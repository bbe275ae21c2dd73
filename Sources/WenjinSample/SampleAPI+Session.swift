import Foundation

/// Login, cookies and the three header sets a WeCenter server sends (docs/api.md §1.4, §8.1).
extension SampleAPI {
    static let sessionCookie = "nof__Session"
    static let loginCookie = "nof__user_login"
    static let poweredBy = ("X-Powered-By", "PHP/5.6.40")

    /// Routed controllers that do not call `no_cache_header`: PHP's session cache-limiter headers.
    static let routedHeaders = [
        poweredBy, ("Expires", "Thu, 19 Nov 1981 08:52:00 GMT"), ("Cache-Control", "no-store, no-cache, must-revalidate"),
        ("Pragma", "no-cache"), ("Content-type", "text/html; charset=UTF-8"),
    ]
    /// Stand-alone `api/*.php` scripts: PHP's default type only.
    static let scriptHeaders = [poweredBy, ("Content-type", "text/html; charset=UTF-8")]

    /// The `account` controller calls `no_cache_header`.
    static func accountHeaders(now: Date = Date()) -> [(String, String)] {
        [
            poweredBy, ("Expires", "Mon, 26 Jul 1997 05:00:00 GMT"), ("Last-Modified", httpDate(now)),
            ("Cache-Control", "no-cache, must-revalidate"), ("Pragma", "no-cache"), ("Content-Type", "text/html; charset=utf-8"),
        ]
    }

    func login(_ context: Context) -> Outcome {
        let form = SampleRoute.parseQuery(context.request.formBody)
        let name = form["user_name"] ?? context.string("user_name") ?? ""
        let password = form["password"] ?? context.string("password") ?? ""
        guard let uid = community.lookup.userIDByName[name], password == Self.password, let user = community.user(uid) else {
            return .failure("请输入正确的帐号或密码")
        }
        switch flavor {
        case .wenjin:
            return .success(.object([
                ("uid", .int(uid)), ("user_name", .string(escapeHTML(user.userName))), ("avatar_file", .string(avatarFile(user) ?? "")),
                ("nick_name", .string(escapeHTML(user.nickName))), ("signature", user.signature.map { .string(escapeHTML($0)) } ?? .null),
            ]))
        case .wecenter:
            return .success(.object([
                ("uid", .column(uid)), ("user_name", .string(escapeHTML(user.userName))), ("avatar_file", .string(avatarFile(user) ?? "")),
            ]))
        }
    }

    /// The two `nof__user_login` cookies `login_process` sends after its body (docs/api.md §8.1).
    func loginCookies(_ rsm: PHPValue) -> [(String, String)] {
        guard case .object(let members) = rsm, let uidValue = members.first(where: { $0.0 == "uid" })?.1 else { return [] }
        let uid: Int? = switch uidValue {
        case .int(let value): value
        case .string(let text): Int(text)
        default: nil
        }
        guard let uid else { return [] }
        let expiry = Date().addingTimeInterval(31_104_000)
        return [
            ("Set-Cookie", "\(Self.loginCookie)=deleted; expires=Thu, 01 Jan 1970 00:00:01 GMT; Max-Age=0; path=/"),
            ("Set-Cookie", "\(Self.loginCookie)=\(loginToken(uid)); expires=\(Self.cookieDate(expiry)); Max-Age=31104000; path=/; HttpOnly"),
        ]
    }

    /// WeCenter's login hash: URL-safe base64 ending in a dot; ours signs the uid with the seed.
    func loginToken(_ uid: Int) -> String {
        var rng = SeededRandom(seed: community.options.seed, kind: .session, id: uid)
        let payload = "\(uid):\(String(rng.next(), radix: 32))\(String(rng.next(), radix: 32))"
        return Data(payload.utf8).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "") + "."
    }

    func viewer(of request: SampleRequest) -> Int? {
        guard let token = request.cookies[Self.loginCookie], token.hasSuffix(".") else { return nil }
        var base64 = String(token.dropLast()).replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        guard let data = Data(base64Encoded: base64), let payload = String(data: data, encoding: .utf8),
              let uid = payload.split(separator: ":").first.flatMap({ Int($0) }),
              community.user(uid) != nil, loginToken(uid) == token
        else { return nil }
        return uid
    }

    /// A PHP session id with php.ini-production settings: 26 characters of `0-9a-v`.
    func sessionID(for request: SampleRequest) -> String {
        let alphabet = Array("0123456789abcdefghijklmnopqrstuv")
        var generator = SystemRandomNumberGenerator()
        return String((0..<26).map { _ in alphabet[Int(generator.next() % 32)] })
    }

    static func httpDate(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter.string(from: date)
    }

    static func cookieDate(_ date: Date) -> String { httpDate(date) }
}
