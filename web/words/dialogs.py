"""What the dialogs say: their titles, texts, fields' labels and buttons.

>>> duration_words(120), duration_words(60), duration_words(30)
('2 minutes', '1 minute', '30 seconds')
"""

from __future__ import annotations

CLOSE = "Close"
CANCEL = "Cancel"


def duration_words(seconds: float) -> str:
    """A stated time in words."""
    if seconds >= 60 and seconds % 60 == 0:
        n = int(seconds // 60)
        return f"{n} minute{'s' if n != 1 else ''}"
    n = round(seconds)
    return f"{n} second{'s' if n != 1 else ''}"
