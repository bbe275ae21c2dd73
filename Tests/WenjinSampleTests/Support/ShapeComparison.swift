/// Compares a recorded response with ours by shape: object keys and their order, and JSON types.
/// Values differ by design (another community), so only these rules bend:
/// - an object keyed by numbers (`answers`, `answer_users`) is a list: its keys are data;
/// - a list matches when every recorded item's shape is found among ours;
/// - `null` matches a string: nullable text columns (avatar, signature) are null for some rows.
enum ShapeComparison {
    static func mismatches(recorded: OrderedJSON, ours: OrderedJSON, skippingFeedActions: Bool = false) -> [String] {
        var problems: [String] = []
        compare(recorded, ours, path: "$", skippingFeedActions: skippingFeedActions, into: &problems)
        return problems
    }

    private static func isNumberKeyed(_ value: OrderedJSON) -> Bool {
        if case .object(let members) = value, !members.isEmpty { return members.allSatisfy { Int($0.key) != nil } }
        return false
    }

    private static func compare(_ recorded: OrderedJSON, _ ours: OrderedJSON, path: String, skippingFeedActions: Bool,
                                into problems: inout [String]) {
        if isNumberKeyed(recorded) != isNumberKeyed(ours) {
            problems.append("\(path): \(isNumberKeyed(recorded) ? "object keyed by number" : recorded.typeName) vs "
                + (isNumberKeyed(ours) ? "object keyed by number" : ours.typeName))
            return
        }
        switch (recorded, ours) {
        case (.null, .string), (.string, .null): return
        case (.object, .object) where isNumberKeyed(recorded):
            compareLists(recorded.items, ours.items, path: path, skippingFeedActions: skippingFeedActions, into: &problems)
        case (.object(let a), .object(let b)):
            if a.map(\.key) != b.map(\.key) {
                problems.append("\(path): keys \(a.map(\.key)) vs \(b.map(\.key))")
                return
            }
            for (left, right) in zip(a, b) {
                compare(left.value, right.value, path: "\(path).\(left.key)", skippingFeedActions: skippingFeedActions, into: &problems)
            }
        case (.array(let a), .array(let b)):
            compareLists(a, b, path: path, skippingFeedActions: skippingFeedActions, into: &problems)
        default:
            if recorded.typeName != ours.typeName { problems.append("\(path): \(recorded.typeName) vs \(ours.typeName)") }
        }
    }

    private static func compareLists(_ recorded: [OrderedJSON], _ ours: [OrderedJSON], path: String, skippingFeedActions: Bool,
                                     into problems: inout [String]) {
        for (index, item) in recorded.enumerated() {
            // The home feed also logs follows and votes (105, 204, …), which the sample does not produce.
            if skippingFeedActions, let action = item["associate_action"]?.string, !["101", "201", "501"].contains(action) { continue }
            if !recorded.isEmpty, ours.isEmpty {
                problems.append("\(path): recorded items, ours empty")
                return
            }
            let candidates = ours.map { candidate -> [String] in
                var found: [String] = []
                compare(item, candidate, path: "\(path)[\(index)]", skippingFeedActions: skippingFeedActions, into: &found)
                return found
            }
            if let best = candidates.min(by: { $0.count < $1.count }), !best.isEmpty { problems += best }
        }
    }
}
