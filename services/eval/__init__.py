"""Evaluation entry points: ``assay eval`` suites over ``../shared/data`` (not a service)."""
