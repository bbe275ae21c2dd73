import Foundation
import Glibc
import Testing
import WenjinTestSupport

/// Debian's nginx serving a built site on a loopback port with README's configuration (its
/// two `nginx` blocks under "### nginx"), as an unprivileged configuration of its own: prefix,
/// pid file, logs and temporary folders in a temporary folder, nothing of /etc/nginx but
/// `mime.types`.
struct NginxServer {
    static let binary = "/usr/sbin/nginx"
    static var isInstalled: Bool { FileManager.default.isExecutableFile(atPath: binary) }

    let prefix: URL
    let port: Int
    var accessLog: URL { prefix.appendingPathComponent("access.log") }

    /// README's two blocks: the `http` one, then the `server` one.
    static func readmeBlocks() throws -> (http: String, server: String) {
        let readme = try String(contentsOf: FixtureSite.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let section = try #require(readme.components(separatedBy: "\n### nginx\n").dropFirst().first)
        let blocks = section.components(separatedBy: "```nginx\n").dropFirst().prefix(2)
            .compactMap { $0.components(separatedBy: "\n```").first }
        try #require(blocks.count == 2, "README's nginx section has two nginx blocks")
        return (blocks[blocks.startIndex], blocks[blocks.startIndex + 1])
    }

    /// Starts nginx over `site` on a free port of 127.0.0.1. nginx binds its port before it
    /// detaches, so once the command returns it answers.
    static func start(serving site: URL) throws -> NginxServer {
        let prefix = FileManager.default.temporaryDirectory.appendingPathComponent("wenjin-nginx-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: prefix, withIntermediateDirectories: true)
        let (http, server) = try readmeBlocks()
        let rootLine = try #require(server.split(separator: "\n").first { $0.hasPrefix("root ") })
        let served = server.replacingOccurrences(of: String(rootLine), with: "root \(site.path);")
        // A port another process holds makes nginx fail at once; a few tries find a free one.
        for _ in 0..<8 {
            let port = try LoopbackPort.unused()
            let temp = prefix.path
            let config = """
                worker_processes 1;
                pid \(temp)/nginx.pid;
                error_log \(temp)/error.log;
                events { worker_connections 64; }
                http {
                    include /etc/nginx/mime.types;
                    default_type application/octet-stream;
                    access_log \(temp)/access.log;
                    client_body_temp_path \(temp)/body;
                    proxy_temp_path \(temp)/proxy;
                    fastcgi_temp_path \(temp)/fastcgi;
                    uwsgi_temp_path \(temp)/uwsgi;
                    scgi_temp_path \(temp)/scgi;
                \(http)
                    server {
                        listen 127.0.0.1:\(port);
                \(served)
                    }
                }
                """
            let file = prefix.appendingPathComponent("nginx.conf")
            try config.write(to: file, atomically: true, encoding: .utf8)
            if try run(["-p", temp, "-c", file.path, "-e", "\(temp)/error.log"]) == 0 { return NginxServer(prefix: prefix, port: port) }
            let log = (try? String(contentsOfFile: "\(temp)/error.log", encoding: .utf8)) ?? ""
            guard log.contains("Address already in use") else {
                Issue.record("nginx did not start: \(log)")
                throw CancellationError()
            }
        }
        Issue.record("no free port for nginx in 8 tries")
        throw CancellationError()
    }

    /// Stops nginx and removes its folder.
    func stop() {
        let config = prefix.appendingPathComponent("nginx.conf").path
        _ = try? Self.run(["-p", prefix.path, "-c", config, "-e", prefix.path + "/error.log", "-s", "stop"])
        try? FileManager.default.removeItem(at: prefix)
    }

    /// Runs the nginx command and returns its exit status. Its output goes to /dev/null, not to
    /// a pipe: the master process it leaves running would hold a pipe open. Messages are in the
    /// error log. Spawned and reaped here: Foundation's `Process` did not notice the exit of a
    /// command that leaves a daemon behind, and waited for ever.
    private static func run(_ arguments: [String]) throws -> Int32 {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = ([binary] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, binary, &actions, nil, argv, environ)
        try #require(spawned == 0, "spawning nginx: error \(spawned)")
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        // Exited normally (the low seven bits zero) with the code in the next byte.
        return status & 0x7F == 0 ? (status >> 8) & 0xFF : -1
    }

    /// One GET over a fresh connection: the status, the head's fields (lower-cased names) and
    /// the body as sent (not decompressed).
    func get(_ path: String, headers: [String: String] = [:]) throws -> (status: Int, fields: [String: String], body: [UInt8]) {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        try #require(socket >= 0)
        defer { close(socket) }
        var timeout = timeval(tv_sec: 60, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        try #require(connected == 0, "connect to nginx on port \(port)")
        var request = "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
        for (name, value) in headers { request += "\(name): \(value)\r\n" }
        request += "\r\n"
        _ = Array(request.utf8).withUnsafeBytes { send(socket, $0.baseAddress, $0.count, 0) }
        var response: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        // Bounded: nginx closes the connection after the response; the receive timeout ends a stall.
        for _ in 0..<10_000 {
            let count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            if count <= 0 { break }
            response += buffer.prefix(count)
        }
        let separator: [UInt8] = Array("\r\n\r\n".utf8)
        let end = try #require(response.firstRange(of: separator), "a response head")
        let head = String(decoding: response[..<end.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
        let status = try #require(Int(head[0].split(separator: " ")[1]))
        var fields: [String: String] = [:]
        for line in head.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            fields[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return (status, fields, Array(response[end.upperBound...]))
    }
}
