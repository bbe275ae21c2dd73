import Testing
@testable import WenjinCrawler
