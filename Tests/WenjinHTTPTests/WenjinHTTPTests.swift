import Testing
@testable import WenjinHTTP
