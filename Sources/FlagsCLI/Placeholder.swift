// Placeholder so the package builds while FlagsCLI is written; replaced by real sources.
