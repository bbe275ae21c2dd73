import Testing
@testable import WenjinAPI

@Suite struct SessionCookiesTests {
    @Test func weCentersLoginSequenceLeavesTheSessionAndTheNewLoginCookie() {
        var cookies = SessionCookies()
        cookies.absorb(setCookieHeaders: ["nof__Session=abc; path=/"])
        cookies.absorb(setCookieHeaders: [
            "nof__user_login=old; path=/",
            "nof__user_login=deleted; expires=Thu, 01 Jan 1970 00:00:01 GMT; Max-Age=0; path=/",
            "nof__user_login=NEW.; expires=Wed, 24 Nov 2027 11:36:38 GMT; Max-Age=31104000; path=/; HttpOnly",
        ])
        #expect(cookies.header == "nof__Session=abc; nof__user_login=NEW.")
        #expect(cookies.hasLogin)
    }

    @Test func aCookieWithMaxAgeZeroIsForgotten() {
        var cookies = SessionCookies()
        cookies.absorb(setCookieHeaders: ["a=1", "b=2"])
        cookies.absorb(setCookieHeaders: ["a=x; Max-Age=0"])
        #expect(cookies.header == "b=2")
        #expect(!cookies.hasLogin)
        cookies.absorb(setCookieHeaders: ["b=3; max-age=-1"])
        #expect(cookies.header == nil)
    }

    @Test func aJoinedSetCookieFieldSplitsAtCookiesButNotInsideExpiryDates() {
        let joined = "nof__Session=8fem; path=/, nof__user_login=deleted; expires=Thu, 01 Jan 1970 00:00:01 GMT; Max-Age=0; path=/, "
            + "nof__user_login=q5_K.; expires=Wed, 24 Nov 2027 11:36:38 GMT; Max-Age=31104000; path=/; HttpOnly"
        let parts = SessionCookies.splitJoinedSetCookie(joined)
        #expect(parts == [
            "nof__Session=8fem; path=/",
            "nof__user_login=deleted; expires=Thu, 01 Jan 1970 00:00:01 GMT; Max-Age=0; path=/",
            "nof__user_login=q5_K.; expires=Wed, 24 Nov 2027 11:36:38 GMT; Max-Age=31104000; path=/; HttpOnly",
        ])
        #expect(SessionCookies.splitJoinedSetCookie("one=1") == ["one=1"])
    }
}
