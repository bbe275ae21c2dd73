import Testing
@testable import WenjinSanitizer
