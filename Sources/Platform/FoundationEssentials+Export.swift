// Every module above Platform works with FoundationEssentials where the toolchain has it (the
// part of Foundation without the legacy bridging: smaller to link and faster to load, which the
// cold start and each `isEnabled` process feel) and with Foundation elsewhere. The choice is
// written once, here, and exported: a file that imports Platform has the right one. Files of
// Platform itself still name it, since an import reaches other modules, not the files beside it.
#if canImport(FoundationEssentials)
@_exported import FoundationEssentials
#else
@_exported import Foundation
#endif
