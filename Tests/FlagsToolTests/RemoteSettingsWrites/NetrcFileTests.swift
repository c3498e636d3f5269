import Testing
@testable import FlagsTool

/// `~/.netrc` as curl and Python's `netrc` module read it (the file format of ftp(1)).
@Suite struct NetrcFileTests {
    /// text, host, expected login and password (nil: no entry applies).
    static let vectors: [(String, String, (String, String)?)] = [
        ("machine rs.example.com login alice password s3cret", "rs.example.com", ("alice", "s3cret")),
        ("machine rs.example.com\n  login alice\n  password s3cret\n", "RS.example.com", ("alice", "s3cret")),
        ("machine a.example login a password pa\nmachine b.example login b password pb", "b.example", ("b", "pb")),
        ("machine a.example login a password pa\ndefault login anyone password pd", "c.example", ("anyone", "pd")),
        ("default login anyone password pd\nmachine a.example login a password pa", "a.example", ("a", "pa")),
        ("machine a.example login a password pa", "c.example", nil),
        ("machine a.example login a", "a.example", nil),
        ("machine a.example account acct login a password pa", "a.example", ("a", "pa")),
        ("macdef init\nmachine evil login x password y\n\nmachine a.example login a password pa", "evil", nil),
        ("macdef init\nmachine evil login x password y\n\nmachine a.example login a password pa", "a.example", ("a", "pa")),
        ("\tmachine\ta.example\tlogin\ta\tpassword\tpa\r\n", "a.example", ("a", "pa")),
        ("", "a.example", nil),
    ]

    @Test(arguments: vectors.indices)
    func loginForHost(_ index: Int) {
        let (text, host, expected) = Self.vectors[index]
        let found = NetrcFile.parse(text).login(forHost: host)
        #expect(found?.login == expected?.0 && found?.password == expected?.1, "\(text.debugDescription) for \(host)")
    }
}
