import Foundation
import WenjinCommands

exit(WenjinMain.run(Array(CommandLine.arguments.dropFirst())))
