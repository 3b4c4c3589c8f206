"""The tools outside the library (tools/): benchmarks and the decision lab."""
