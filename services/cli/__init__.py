"""Entry points: the ``assay`` command, the embedded stack and the AsyncAPI build (not a service)."""
