"""Carry the Kazaross-XG2 match equity table from gnubg's XML into our JSON data file.

.venv/bin/python -m training.convert_met [path/to/Kazaross-XG2.xml]
"""

from __future__ import annotations

import json
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

DEFAULT = (
    Path(__file__).resolve().parent.parent
    / ".venv/lib/python3.11/site-packages/gnubg/data/met/Kazaross-XG2.xml"
)
OUT = Path(__file__).resolve().parent.parent / "engine/ai/data/met_kazaross_xg2.json"


def main() -> None:
    src = Path(sys.argv[1]) if len(sys.argv) > 1 else DEFAULT
    root = ET.parse(src).getroot()
    pre = [
        [float(me.text or "nan") for me in row.findall("me")]
        for row in root.find("pre-crawford-table").findall("row")  # type: ignore[union-attr]
    ]
    post = [
        float(me.text or "nan")
        for me in root.find("post-crawford-table").find("row").findall("me")  # type: ignore[union-attr]
    ]
    data = {
        "name": "Kazaross XG2 25 point MET",
        "attribution": (
            "Copyright (C) 2011 Neil Kazaross. Table rolled up to 9 point match by eXtreme "
            "Gammon, then R/K MET rolled up to 15 and extrapolated to 25 points. Transcribed "
            "for GNU Backgammon by Michael Petch (Kazaross-XG2.xml, distributed with GNU "
            "Backgammon: copying and distribution permitted provided this notice is preserved)."
        ),
        "source": "gnubg PyPI package, gnubg/data/met/Kazaross-XG2.xml",
        "pre_crawford": "pre_crawford[i][j]: MWC of the player i+1 away against j+1 away",
        "post_crawford": "post_crawford[i]: MWC of the trailer i+1 away, leader 1-away",
        "pre": pre,
        "post": post,
    }
    OUT.write_text(json.dumps(data, indent=0) + "\n")
    print(f"wrote {OUT}: {len(pre)}x{len(pre[0])} pre, {len(post)} post")


if __name__ == "__main__":
    main()
