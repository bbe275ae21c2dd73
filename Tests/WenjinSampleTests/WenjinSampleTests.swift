import Testing
@testable import WenjinSample
