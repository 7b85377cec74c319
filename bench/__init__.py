"""Benchmarks of evidence-trace against baselines measured in the same run. See docs/performance.md."""
