import Testing
@testable import WenjinKeyedArchive
