"""Where the tests find the repository and their data, wherever in tests/ they sit."""

from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "tests" / "data"
