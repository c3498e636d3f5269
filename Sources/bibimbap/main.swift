// The `bibimbap` demo app: Bibimbap's home screen in the terminal, drawn from its feature flags.
// Built in every channel, release included; a release build shows the Nimbus values only.
import BibimbapApp
import Foundation

exit(BibimbapCommandLine.run(Array(CommandLine.arguments.dropFirst()), console: .standard()))
