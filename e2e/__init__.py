"""Browser tests of the built site (run with ``python -m pytest e2e``)."""
