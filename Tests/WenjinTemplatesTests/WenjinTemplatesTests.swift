import Testing
@testable import WenjinTemplates
