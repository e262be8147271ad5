"""The test build's own Python: its entry point and hooks.

``scripts.build_site.build(test_hooks=True)`` ships this package in the page's
archive and ``main.py`` here in place of ``public/main.py``; the published
build has neither.
"""
