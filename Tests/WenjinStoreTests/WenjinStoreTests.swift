import Testing
@testable import WenjinStore
