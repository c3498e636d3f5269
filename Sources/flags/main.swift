// The `flags` executable. Its code exists only in developer and beta builds; a release build is
// compiled down to a refusal, so no debug menu or override writer ships to users.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
import FlagsCLI

exit(FlagsCommandLine.run(Array(CommandLine.arguments.dropFirst()), console: .standard(), keepsEnvironmentsUntilExit: true))
#else
// Written with write(2): a release build links no module of the tool, Platform included.
let refusal = """
    flags: the Feature Flags debug menu is only available in developer and beta builds.
    This is a release build. Build it with `swift build` (developer) or
    `swift build -c release -Xswiftc -DMOZ_CHANNEL_beta` (beta).

    """
_ = refusal.utf8CString.withUnsafeBufferPointer { write(STDERR_FILENO, $0.baseAddress, $0.count - 1) }
exit(3)
#endif
