import FeatureFlags
import FeatureFlagsTestSupport
import Testing

/// A view model written the way Firefox for iOS's are: it asks AppContainer through FeatureFlaggable.
private struct HomeViewModel: FeatureFlaggable, UserFeaturePreferenceProvider {
    let menu: FeatureFlagID
    var showsNewMenu: Bool { featureFlagsProvider.isEnabled(menu) }
    var prefersNewMenu: Bool { userFeaturePreferences.getPreferenceFor(menu) }
}

/// AppContainer.shared is global, so these tests run one at a time.
@Suite(.serialized) struct AppContainerTests {
    @Test func viewModelResolvesTheBootstrappedDoubles() throws {
        let demo = try DemoFixture()
        let menu = try demo.flag("newBibimbapMenu")
        let helper = DependencyHelperMock()
        helper.bootstrapDependencies(nimbusLayer: MockNimbusFeatureFlagLayer(enabledFlags: [menu]))
        defer { helper.reset() }
        #expect(HomeViewModel(menu: menu).showsNewMenu)
        #expect(HomeViewModel(menu: menu).prefersNewMenu)

        helper.bootstrapDependencies(nimbusLayer: MockNimbusFeatureFlagLayer())
        #expect(!HomeViewModel(menu: menu).showsNewMenu)
    }

    @Test func resetForgetsServices() {
        let container = AppContainer()
        container.register(service: 42)
        #expect(container.resolveIfRegistered() == 42)
        container.reset()
        #expect((container.resolveIfRegistered() as Int?) == nil)
    }
}
