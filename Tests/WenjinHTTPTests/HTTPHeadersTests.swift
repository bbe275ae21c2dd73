import Testing
@testable import WenjinHTTP

@Suite struct HTTPHeadersTests {
    @Test func lookupIgnoresCaseAndReturnsTheFirstValue() {
        let headers: HTTPHeaders = ["Content-Type": "text/html", "set-cookie": "a=1", "Set-Cookie": "b=2"]
        #expect(headers["content-type"] == "text/html")
        #expect(headers["SET-COOKIE"] == "a=1")
        #expect(headers.values(for: "Set-Cookie") == ["a=1", "b=2"])
        #expect(headers["Missing"] == nil)
    }

    @Test func settingReplacesEveryFieldOfThatNameAndNilRemoves() {
        var headers: HTTPHeaders = ["Set-Cookie": "a=1", "X": "y", "set-cookie": "b=2"]
        headers["SET-COOKIE"] = "c=3"
        #expect(headers.map(\.name) == ["X", "SET-COOKIE"])
        headers["x"] = nil
        #expect(headers.map(\.value) == ["c=3"])
    }

    @Test func addKeepsOrderAndDuplicates() {
        var headers = HTTPHeaders()
        headers.add("Set-Cookie", "a=1")
        headers.add("Vary", "Accept")
        headers.add("Set-Cookie", "b=2")
        #expect(headers.map(\.name) == ["Set-Cookie", "Vary", "Set-Cookie"])
    }

    @Test func listLookupFindsATokenAmongCommaSeparatedValues() {
        let headers: HTTPHeaders = ["Connection": "Keep-Alive, Upgrade", "Connection": " CLOSE "]
        #expect(headers.listContains("connection", token: "close"))
        #expect(headers.listContains("Connection", token: "upgrade"))
        #expect(!headers.listContains("Connection", token: "clos"))
    }
}
