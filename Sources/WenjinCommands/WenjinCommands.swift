// WenjinCommands: placeholder until the module lands.
public enum WenjinMain {
    public static func run(_ arguments: [String]) -> Int32 { 0 }
}
