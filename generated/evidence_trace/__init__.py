"""evidence-trace: an evidence store and answer gate for LLM agents."""
