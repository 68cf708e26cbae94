"""Benchmarks: `make bench` prints figures and writes bench.json; nothing here is a test."""
