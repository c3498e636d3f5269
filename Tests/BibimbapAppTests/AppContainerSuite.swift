import Testing

/// Every test that registers services in `AppContainer.shared` is nested in this suite: the
/// container is global, so they run one at a time (`.serialized` applies to nested suites too).
@Suite(.serialized) enum AppContainerSuite {}
