import FeatureFlags
import FeatureFlagsTestSupport
import Testing
import TestHelpers

/// A view model written the way Firefox for iOS's are: it asks AppContainer through FeatureFlaggable.
private struct HomeViewModel: FeatureFlaggable, UserFeaturePreferenceProvider {
    let menu: FeatureFlagID
    var showsNewMenu: Bool { featureFlagsProvider.isEnabled(menu) }
    var prefersNewMenu: Bool { userFeaturePreferences.getPreferenceFor(menu) }
}

/// Each test has its own `AppContainer.shared`, so these run beside every other suite.
@Suite(.scopedAppContainer) struct AppContainerTests {
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

    @Test func aScopedContainerIsSharedOnlyInsideItsScope() async {
        let outer = AppContainer.shared
        outer.register(service: "outer")
        let inner = AppContainer()
        await AppContainer.withScoped(inner) {
            #expect(AppContainer.shared === inner && AppContainer.shared.resolveIfRegistered() as String? == nil)
            AppContainer.shared.register(service: "inner")
            let child = await Task { AppContainer.shared.resolveIfRegistered() as String? }.value
            #expect(child == "inner", "tasks started in the scope see its container")
        }
        #expect(AppContainer.shared === outer && outer.resolveIfRegistered() as String? == "outer")
    }

    @Test func resetForgetsServices() {
        let container = AppContainer()
        container.register(service: 42)
        #expect(container.resolveIfRegistered() == 42)
        container.reset()
        #expect((container.resolveIfRegistered() as Int?) == nil)
    }
}
