"""The gateway: Assay over HTTP. It publishes ``RunRequested`` on the bus and reads what the stages record; it
never runs a stage. ``app.py`` builds the ASGI app (the ``/v1`` API of ``api.py``, health, and the web app of
``web/`` when present), ``readmodels.py`` the typed views, ``keys.py`` API keys and isolation, ``stream.py`` the
resumable event stream, ``handlers.py`` starting and cancelling runs, ``main.py`` the server (``assay serve
gateway``, and inside ``assay up`` / ``assay web``)."""
