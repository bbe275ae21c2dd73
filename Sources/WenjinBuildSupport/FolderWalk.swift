#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A walk over a folder tree with `readdir`, whose entry types spare a `stat` per file: outputs
/// at 100,000 questions hold 150,000 files, which removal, the check of a copied output and the
/// link checker each walk. Folders are entered, symbolic links never followed (a link to a
/// parent cannot loop); what an entry is worth is each caller's rule.
package enum FolderWalk {
    package enum Kind: Sendable {
        case folder, file, symbolicLink, other
    }

    /// One entry of a folder, `.` and `..` left out.
    package struct Entry {
        /// The folder holding it, relative to the walk's root ("" for the root itself).
        package let folder: String
        /// Its name; nil when the name is not UTF-8 (no path made of a String can name it).
        package let name: String?
        package let kind: Kind

        /// Its path relative to the walk's root, when its name is UTF-8.
        package var relativePath: String? {
            name.map { folder.isEmpty ? $0 : folder + "/" + $0 }
        }
    }

    /// Walks the tree under `root`, calling `visit` for every entry of every folder (a folder
    /// before its contents) until `visit` returns false, and `unopenable` with the relative path
    /// of each folder it cannot open ("" for the root), which it then skips. A folder whose name
    /// is not UTF-8 is visited but not entered.
    package static func walk<Failure: Error>(
        _ root: String, unopenable: (String) throws(Failure) -> Void, visit: (Entry) throws(Failure) -> Bool
    ) throws(Failure) {
        var pending = [""]
        while let folder = pending.popLast() {
            let path = folder.isEmpty ? root : root + "/" + folder
            guard let stream = opendir(path) else {
                try unopenable(folder)
                continue
            }
            defer { closedir(stream) }
            while let found = readdir(stream) {
                let type = found.pointee.d_type
                let named: (name: String?, kind: Kind)? = withUnsafeBytes(of: found.pointee.d_name) { raw in
                    let bytes = raw.prefix(while: { $0 != 0 })
                    if bytes.elementsEqual(".".utf8) || bytes.elementsEqual("..".utf8) { return nil }
                    return (String(validating: bytes, as: UTF8.self), kind(type, at: path, name: bytes))
                }
                guard let named else { continue }
                let entry = Entry(folder: folder, name: named.name, kind: named.kind)
                guard try visit(entry) else { return }
                if entry.kind == .folder, let child = entry.relativePath { pending.append(child) }
            }
        }
    }

    /// The entry's kind from its `d_type`, or from `lstat` where the file system gives none.
    private static func kind(_ type: UInt8, at folder: String, name: some Collection<UInt8>) -> Kind {
        switch Int32(type) {
        case Int32(DT_DIR): return .folder
        case Int32(DT_REG): return .file
        case Int32(DT_LNK): return .symbolicLink
        case Int32(DT_UNKNOWN): break
        default: return .other
        }
        var info = stat()
        let path = Array(folder.utf8) + [UInt8(ascii: "/")] + Array(name) + [0]
        let status = path.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { lstat($0.baseAddress!, &info) }
        }
        guard status == 0 else { return .other }
        switch info.st_mode & S_IFMT {
        case S_IFDIR: return .folder
        case S_IFREG: return .file
        case S_IFLNK: return .symbolicLink
        default: return .other
        }
    }
}
