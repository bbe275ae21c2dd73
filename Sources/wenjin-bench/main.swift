// wenjin-bench: the benchmarks that Scripts/bench-* run, and the Hugo export `Scripts/bench-hugo`
// compares with. One file per benchmark; each registers itself in `benchmarks` below and prints
// its figures on stdout.
import Foundation

let benchmarks: [String: @Sendable ([String]) throws -> Void] = [
    "api-decode": APIDecodeBenchmark.run,
    "build": BuildBenchmark.run,
    "crawl": CrawlBenchmark.run,
    "export-hugo": HugoExport.run,
    "preview": PreviewBenchmark.run,
    "read-store": ReadStoreBenchmark.run,
    "sample-bodies": SampleBodiesCorpus.run,
    "sanitize": SanitizeBenchmark.run,
    "search": SearchBenchmark.run,
    "templates": TemplateBenchmark.run,
]

let arguments = Array(CommandLine.arguments.dropFirst())
guard let name = arguments.first, let benchmark = benchmarks[name] else {
    FileHandle.standardError.write(Data("usage: wenjin-bench <\(benchmarks.keys.sorted().joined(separator: "|"))> [options]\n".utf8))
    exit(64)
}
do {
    try benchmark(Array(arguments.dropFirst()))
} catch {
    FileHandle.standardError.write(Data("wenjin-bench \(name): \(error)\n".utf8))
    exit(1)
}
