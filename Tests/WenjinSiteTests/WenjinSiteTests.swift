import Testing
@testable import WenjinSite
