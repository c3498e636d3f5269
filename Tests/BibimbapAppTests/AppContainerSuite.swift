import FeatureFlagsTestSupport
import Testing

/// Every test that registers services in `AppContainer.shared` is nested in this suite, which
/// gives each test a container of its own: nothing global is shared, so they run in parallel.
@Suite(.scopedAppContainer) enum AppContainerSuite {}
