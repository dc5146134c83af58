"""Test tools (fuzzers, mutation helpers) the tests and benchmarks import; not shipped in the wheel."""
