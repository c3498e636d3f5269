import Testing
@testable import Nimbus

@Suite struct RemoteExperimentsStatusTests {
    @Test func describesAgesForPeople() {
        #expect(RemoteExperimentsStatus.describe(age: 59.9) == "fetched 59 s ago")
        #expect(RemoteExperimentsStatus.describe(age: 600) == "fetched 10 min ago")
        #expect(RemoteExperimentsStatus.describe(age: 3 * 3600) == "fetched 3 h ago")
        #expect(RemoteExperimentsStatus.describe(age: 5 * 86400) == "fetched 5 days ago")
        #expect(RemoteExperimentsStatus.describe(age: .infinity) == "of unknown age")
    }
}
