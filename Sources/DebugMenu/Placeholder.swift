// Placeholder so the package builds while DebugMenu is written; replaced by real sources.
