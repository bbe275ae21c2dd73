import Foundation
import Testing
@testable import WenjinCrawler

@Suite("Retry delays")
struct RetryPolicyTests {
    @Test("Retry-After is read as delay seconds or as an HTTP date")
    func retryAfterForms() throws {
        let now = Date(timeIntervalSince1970: 1_445_412_480)  // Wed, 21 Oct 2015 07:28:00 GMT
        #expect(RetryPolicy.retryAfter("120", now: now) == 120)
        #expect(RetryPolicy.retryAfter("Wed, 21 Oct 2015 07:28:30 GMT", now: now) == 30)
        #expect(RetryPolicy.retryAfter("Wed, 21 Oct 2015 07:27:00 GMT", now: now) == 0)
        #expect(RetryPolicy.retryAfter("soon", now: now) == nil)
        #expect(RetryPolicy.retryAfter(nil, now: now) == nil)
    }

    @Test("a Retry-After of Int64.max seconds, more digits than that or a date in 9999 waits an hour, not forever (a sleep that long traps)")
    func retryAfterIsBounded() {
        let now = Date(timeIntervalSince1970: 1_445_412_480)
        for value in ["9223372036854775807", "123456789012345678901234567890", "Fri, 31 Dec 9999 23:59:59 GMT"] {
            #expect(RetryPolicy.retryAfter(value, now: now) == RetryPolicy.longestRetryAfter, "\(value)")
        }
        #expect(RetryPolicy.retryAfter("-9223372036854775808", now: now) == 0)
    }

    @Test("backoff doubles per attempt, with jitter, up to the maximum")
    func exponentialBackoff() {
        let policy = RetryPolicy(retries: 5, base: .seconds(1), maximum: .seconds(10))
        for _ in 0..<20 {
            #expect((0.5...1).contains(policy.backoff(attempt: 1).seconds))
            #expect((2...4).contains(policy.backoff(attempt: 3).seconds))
            #expect((5...10).contains(policy.backoff(attempt: 9).seconds))
        }
    }
}
