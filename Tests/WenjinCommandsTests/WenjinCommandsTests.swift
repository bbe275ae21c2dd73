import Testing
@testable import WenjinCommands
