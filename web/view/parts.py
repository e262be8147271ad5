"""The pieces every dialog is made of: a button that names its action, a row
of buttons, and the form around a dialog.  All text is escaped here.

>>> button(Act.TAKE, "Take", primary=True)
'<button type="button" class="primary" data-action="take">Take</button>'
"""

from __future__ import annotations

from web.board.escape import escape
from web.model.actions import Act


def button(action: Act, label: str, *, value: str = "", primary: bool = False,
           enabled: bool = True, extra: str = "") -> str:  # fmt: skip
    cls = "primary" if primary else ""
    val = f' data-value="{escape(value)}"' if value else ""
    dis = "" if enabled else " disabled"
    return (
        f'<button type="button" class="{cls}" data-action="{escape(action)}"{val}{dis}{extra}>'
        f"{escape(label)}</button>"
    )


def action_row(*buttons: str) -> str:
    return '<div class="dlg-actions">' + "".join(buttons) + "</div>"


def dialog_form(name: str, inner: str, submit: Act | None = None) -> str:
    sub = f' data-submit="{submit}"' if submit is not None else ""
    return f'<form class="dlg" data-dialog="{escape(name)}"{sub}>{inner}</form>'
