"""Benchmarks (``make bench``): every ``bench_*.py`` module here exposes ``main()`` printing its figures.
Speed is measured here, never asserted in tests."""
