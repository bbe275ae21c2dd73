import Testing
@testable import WenjinDrafts
