import Testing
@testable import WenjinModel
