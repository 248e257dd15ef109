"""The site's build: ``build.py`` makes ``dist/`` (``make build``), ``serve.py`` serves it
(``make play``), ``prerender.py`` draws the setup form at build time for the first paint, and
``make_icons.py`` draws the web app's icons. Standard library only."""
