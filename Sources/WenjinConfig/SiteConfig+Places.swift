import Foundation

extension SiteConfig {
    /// Why the store folder may not be at `store.directory`, when it may not: a build replaces
    /// its output folder whole and publishes `Public/` and the theme, and a crawl writes the
    /// store, so the store shares no folder with them, nor with the drafts file or site.json,
    /// and is never the site folder or a folder holding it. Compared resolved (`ResolvedPath`).
    func storePlaceProblem() -> String? {
        let store = ResolvedPath(resolve(self.store.directory))
        let root = ResolvedPath(self.root)
        if store.contains(root) { return store == root ? "is the site folder" : "holds the site folder \(root)" }
        let others = [(ResolvedPath(resolve(build.outputDirectory)), "the output folder (build.outputDirectory)")] + sourcePlaces
        for (place, what) in others where store.contains(place) || place.contains(store) {
            return "\(store == place ? "is" : store.contains(place) ? "holds" : "lies inside") \(what) \(place)"
        }
        return nil
    }

    /// The places of the site folder that hold what a build reads, resolved and named for
    /// messages: neither the store nor the output may be, hold or lie inside them.
    package var sourcePlaces: [(ResolvedPath, String)] {
        [
            (ResolvedPath(root.appendingPathComponent("Themes")), "the themes folder"),
            (ResolvedPath(root.appendingPathComponent("Public")), "Public/"),
            (ResolvedPath(resolve(drafts.path)), "the drafts file"),
            (ResolvedPath(root.appendingPathComponent(Self.fileName)), "site.json"),
        ]
    }
}
