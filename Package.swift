// swift-tools-version: 6.0
import PackageDescription

// Modules and their one-way dependencies (the table in ARCHITECTURE.md says the same).
// Commands → everything; Preview → HTTP; Sample → HTTP; Crawler → API, Store, Model, Sanitizer;
// Site → Store, Model, Sanitizer, Templates, Drafts, LinkCheck, Config, JSON, Search, BuildSupport, CZlib, CBrotli;
// Search → BuildSupport; Config → JSON, Sanitizer (for the default community hosts); API → JSON;
// Store → SQLite, Model, BuildSupport; Drafts → KeyedArchive, SQLite; SQLite → CSQLite only; Sanitizer → CLibXML2 only;
// LinkCheck → BuildSupport; JSON, Model, Templates, KeyedArchive, HTTP, BuildSupport → nothing.
// Zim → CZimWriter (C++ over libzim, with a C interface), BuildSupport, Config, LinkCheck, Site.
let modules: [(name: String, dependencies: [Target.Dependency])] = [
    ("WenjinModel", []),
    ("WenjinJSON", []),
    ("WenjinAPI", ["WenjinJSON"]),
    ("WenjinSQLite", ["CSQLite"]),
    ("WenjinStore", ["WenjinSQLite", "WenjinModel", "WenjinBuildSupport"]),
    ("WenjinSanitizer", ["CLibXML2"]),
    ("WenjinTemplates", []),
    ("WenjinKeyedArchive", []),
    ("WenjinDrafts", ["WenjinKeyedArchive", "WenjinSQLite"]),
    ("WenjinHTTP", []),
    ("WenjinSample", ["WenjinHTTP"]),
    ("WenjinPreview", ["WenjinHTTP"]),
    ("WenjinCrawler", ["WenjinAPI", "WenjinStore", "WenjinModel", "WenjinSanitizer"]),
    ("WenjinLinkCheck", ["WenjinBuildSupport"]),
    ("WenjinConfig", ["WenjinJSON", "WenjinSanitizer"]),
    ("WenjinBuildSupport", []),
    ("WenjinSearch", ["WenjinBuildSupport"]),
    ("WenjinSite", [
        "WenjinStore", "WenjinModel", "WenjinSanitizer", "WenjinTemplates", "WenjinDrafts", "WenjinLinkCheck", "WenjinConfig",
        "WenjinJSON", "WenjinBuildSupport", "WenjinSearch", "CZlib", "CBrotli",
    ]),
    ("WenjinZim", ["CZimWriter", "WenjinConfig", "WenjinLinkCheck", "WenjinSite"]),
    ("WenjinCommands", [
        "WenjinModel", "WenjinAPI", "WenjinStore", "WenjinSanitizer", "WenjinTemplates",
        "WenjinKeyedArchive", "WenjinDrafts", "WenjinHTTP", "WenjinSample", "WenjinCrawler", "WenjinLinkCheck", "WenjinConfig",
        "WenjinBuildSupport", "WenjinSearch", "WenjinSite", "WenjinPreview", "WenjinZim",
    ]),
]

/// What tests use beyond their own module: real servers, stores and crawls instead of stand-ins.
let testDependencies: [String: [Target.Dependency]] = [
    "WenjinAPITests": ["WenjinHTTP", "WenjinSample"],
    "WenjinCrawlerTests": ["WenjinSample", "WenjinStore", "WenjinAPI", "WenjinModel", "WenjinSanitizer", "WenjinHTTP"],
    "WenjinSiteTests": [
        "WenjinSample", "WenjinStore", "WenjinModel", "WenjinCrawler", "WenjinSanitizer", "WenjinTemplates", "WenjinDrafts", "WenjinHTTP",
        "WenjinLinkCheck", "WenjinConfig", "WenjinBuildSupport", "WenjinSearch", "WenjinSQLite",
    ],
    "WenjinPreviewTests": ["WenjinHTTP"],
    "WenjinDraftsTests": ["WenjinKeyedArchive", "WenjinSQLite"],
    "WenjinCommandsTests": [
        "WenjinSample", "WenjinStore", "WenjinDrafts", "WenjinConfig", "WenjinSite", "WenjinHTTP", "WenjinCrawler", "WenjinAPI",
        "WenjinZim", "WenjinLinkCheck", "WenjinModel",
    ],
    "WenjinConfigTests": ["WenjinSanitizer", "WenjinJSON"],
    "WenjinSearchTests": ["WenjinBuildSupport"],
]

/// Test targets that keep fixture files (read by path from #filePath) in a `Fixtures` folder.
let testsWithFixtures: Set<String> = ["WenjinAPI", "WenjinKeyedArchive", "WenjinDrafts", "WenjinSite"]

/// Modules without a test target of their own: their few types are tested through the modules using them.
let testedThroughOthers: Set<String> = ["WenjinBuildSupport", "WenjinZim"]

let strict: [SwiftSetting] = [.swiftLanguageMode(.v6)]

let package = Package(
    name: "wenjin",
    platforms: [.macOS(.v15)],
    products: [.executable(name: "wenjin", targets: ["wenjin"])],
    targets: [
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(name: "CLibXML2", pkgConfig: "libxml-2.0", providers: [.apt(["libxml2-dev"])]),
        // Precompressed output files for static hosts (`build.hosting`, docs/design.md#hosting).
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        .systemLibrary(name: "CBrotli", pkgConfig: "libbrotlienc", providers: [.apt(["libbrotli-dev"])]),
        // libzim is C++ only: a C interface over it keeps C++ interoperability out of the Swift modules.
        .target(name: "CZimWriter", linkerSettings: [.linkedLibrary("zim"), .linkedLibrary("zstd")]),
        .executableTarget(name: "wenjin", dependencies: ["WenjinCommands"], swiftSettings: strict),
        // Benchmarks the Scripts/bench-* scripts run; not part of the user's command line.
        .executableTarget(
            name: "wenjin-bench",
            dependencies: ["WenjinSample", "WenjinSanitizer", "WenjinStore", "WenjinTemplates", "WenjinHTTP", "WenjinConfig", "WenjinSite", "WenjinCrawler",
                           "WenjinDrafts", "WenjinBuildSupport", "WenjinSearch", "WenjinAPI", "WenjinJSON", "WenjinModel"],
            swiftSettings: strict),
    ]
    + modules.map { .target(name: $0.name, dependencies: $0.dependencies, swiftSettings: strict) }
    + [.target(name: "WenjinTestSupport", dependencies: ["WenjinHTTP", "WenjinSample"], path: "Tests/WenjinTestSupport",
               swiftSettings: strict)]
    + modules.filter { !testedThroughOthers.contains($0.name) }.map {
        .testTarget(name: "\($0.name)Tests",
                    dependencies: [.target(name: $0.name), "WenjinTestSupport"] + (testDependencies["\($0.name)Tests"] ?? []),
                    exclude: testsWithFixtures.contains($0.name) ? ["Fixtures"] : [], swiftSettings: strict)
    },
    cxxLanguageStandard: .cxx17
)
