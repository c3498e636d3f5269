// Placeholder so the package builds while FeatureFlagsTestSupport is written; replaced by real sources.
