// flags-bench: the performance targets (docs/PERFORMANCE.md), each figure beside a baseline
// measured in the same run. Build it optimised as a beta build (release builds have no menu):
//   swift run -c release -Xswiftc -DMOZ_CHANNEL_beta flags-bench [--quick] [--json]
import Foundation

#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
exit(BenchmarkRunner.main(Array(CommandLine.arguments.dropFirst())))
#else
FileHandle.standardError.write(Data("flags-bench measures the debug menu, which release builds do not have; build it as beta:\n  swift run -c release -Xswiftc -DMOZ_CHANNEL_beta flags-bench\n".utf8))
exit(3)
#endif
