import Platform
#if canImport(Glibc)
import Glibc
#endif
import Formats

/// What identifies one version of a file without reading it: the same path, device, inode,
/// size, and modification and change times mean the same contents, as far as a cache can tell.
struct FileIdentity: Equatable {
    var path: String
    var device: Int, inode: Int, size: Int
    var modifiedNanoseconds: Int64, changedNanoseconds: Int64

    var exists: Bool { inode != 0 }

    init(path: String) {
        self.path = path
        var info = stat()
        guard stat(path, &info) == 0 else {
            (device, inode, size, modifiedNanoseconds, changedNanoseconds) = (0, 0, 0, 0, 0)
            return
        }
        device = Int(info.st_dev)
        inode = Int(info.st_ino)
        size = Int(info.st_size)
        modifiedNanoseconds = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
        changedNanoseconds = Int64(info.st_ctim.tv_sec) * 1_000_000_000 + Int64(info.st_ctim.tv_nsec)
    }

    init(snapshot reader: inout SnapshotReader) throws(SnapshotReader.Malformed) {
        path = try reader.readString()
        device = try reader.readInt()
        inode = try reader.readInt()
        size = try reader.readInt()
        modifiedNanoseconds = Int64(try reader.readInt())
        changedNanoseconds = Int64(try reader.readInt())
    }

    func write(to writer: inout SnapshotWriter) {
        writer.write(path)
        writer.write(device)
        writer.write(inode)
        writer.write(size)
        writer.write(Int(modifiedNanoseconds))
        writer.write(Int(changedNanoseconds))
    }
}
