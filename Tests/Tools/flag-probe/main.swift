// flag-probe: prints what *this build's* FeatureFlagsProvider answers for one flag, as an app
// built the same way would. The release gate builds it with `-c release` and checks that a store
// holding a developer build's override cannot change the answer; the test suite runs the debug
// build. It never writes the store (the Nimbus id is fixed), so the store stays as it was.
//
//   flag-probe REGISTRY STORE FLAG   ->   channel=<release|beta|developer> distribution=<appstore|testflight|debug> enabled=<true|false>
import FeatureFlags
import Foundation

let arguments = CommandLine.arguments
guard arguments.count == 4 else {
    FileHandle.standardError.write(Data("usage: flag-probe REGISTRY STORE FLAG\n".utf8))
    exit(2)
}
do {
    let flags = try FlagsEnvironment.open(FlagsOptions(configPath: arguments[1], storePath: arguments[2],
                                                       nimbusID: "00000000-0000-4000-8000-000000000000"))
    let flag = try flags.registry.flag(arguments[3])
    print("channel=\(BuildChannel.current.rawValue) distribution=\(Distribution.current.rawValue) enabled=\(flags.provider.isEnabled(flag))")
} catch {
    FileHandle.standardError.write(Data("flag-probe: \(error)\n".utf8))
    exit(1)
}
