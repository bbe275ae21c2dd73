import Testing
@testable import WenjinAPI
