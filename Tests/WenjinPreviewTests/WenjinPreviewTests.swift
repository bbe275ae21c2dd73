import Testing
@testable import WenjinPreview
