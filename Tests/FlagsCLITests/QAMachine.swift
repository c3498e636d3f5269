import FeatureFlagsTestSupport
import Foundation
import TestHelpers
import TestServers

/// One QA machine of a team test: its own store, state folder and home (for `~/.netrc`), and
/// the credentials of one Kinto account, given the way a person would give them.
struct QAMachine {
    enum Login {
        case environment(user: String, password: String)
        case netrc(user: String, password: String)
        case anonymous
    }

    let folder = TemporaryDirectory()
    let login: Login

    init(_ login: Login, host: String = "127.0.0.1") {
        self.login = login
        if case .netrc(let user, let password) = login {
            folder.write("machine \(host)\n  login \(user)\n  password \(password)\n", to: ".netrc")
        }
    }

    /// A machine logged in as `user` of `KintoTeamServer`, through the environment.
    static func kinto(_ user: String, netrc: Bool = false) -> QAMachine {
        let password = KintoTeamServer.password[user]!
        return QAMachine(netrc ? .netrc(user: user, password: password) : .environment(user: user, password: password))
    }

    var environment: [String: String] {
        var variables = ["FLAGS_STORE": folder.file("prefs.sqlite"), "XDG_STATE_HOME": folder.file("state"), "HOME": folder.path]
        if case .environment(let user, let password) = login {
            variables["FLAGS_REMOTE_USER"] = user
            variables["FLAGS_REMOTE_PASSWORD"] = password
        }
        return variables
    }

    var password: String? {
        switch login {
        case .environment(_, let password), .netrc(_, let password): password
        case .anonymous: nil
        }
    }

    @discardableResult
    func flags(_ arguments: String..., in directory: String? = nil) throws -> BuiltProgram.Result {
        try flags(arguments, in: directory)
    }

    /// `flags` on this machine, in `directory` (its folder when nil), with `extra` over its environment.
    func flags(_ arguments: [String], in directory: String? = nil, environment extra: [String: String] = [:]) throws -> BuiltProgram.Result {
        try BuiltProgram.run(BuiltProgram.flags, arguments, environment: environment.merging(extra) { $1 }, in: directory ?? folder.path)
    }

    /// Every byte of the store (the database and its journal files), to check what reached it.
    func storeBytes() -> Data {
        ["prefs.sqlite", "prefs.sqlite-wal", "prefs.sqlite-shm"].reduce(into: Data()) { all, name in
            all += (try? Data(contentsOf: URL(fileURLWithPath: folder.file(name)))) ?? Data()
        }
    }
}
