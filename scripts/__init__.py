"""Build and serve tooling (run as ``python -m scripts.<name>`` from the repository root)."""
