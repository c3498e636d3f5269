// Placeholder so the package builds while FeatureFlags is written; replaced by real sources.
