"""What a player can ask for: the one list of actions.

Buttons and dialogs carry an action's value in ``data-action`` (or
``data-submit``), the key map names actions, and the controller has one
handler per action; all three use :class:`Act`, so a typo is an error, not
a silent no-op.  What a control sends with its action is read by
:func:`web.model.intents.parse`.

>>> Act.parse("roll")
<Act.ROLL: 'roll'>
>>> Act.parse("rol")
Traceback (most recent call last):
...
web.model.actions.UnknownActionError: unknown action 'rol'
>>> KEYS["r"], KEYS["Enter"]
(<Act.ROLL: 'roll'>, <Act.CONFIRM: 'confirm'>)
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from types import MappingProxyType


class UnknownActionError(ValueError):
    """Text that names no :class:`Act`."""


class Act(StrEnum):
    """Every action a control, key or dialog can send."""

    # the game
    ROLL = "roll"
    DOUBLE = "double"
    TAKE = "take"
    BEAVER = "beaver"
    DROP = "drop"
    UNDO = "undo"
    REDO = "redo"
    CONFIRM = "confirm"
    PLAY_TEXT = "play-text"
    SELECT = "select"
    SWAP_DICE = "swap-dice"
    DICE_SET = "dice-set"
    RESIGN_OPEN = "resign-open"
    RESIGN = "resign"
    ACCEPT = "accept"
    REJECT = "reject"
    NEXT_GAME = "next-game"
    REMATCH = "rematch"
    NEW_OPEN = "new-open"
    START = "start"
    ABANDON = "abandon"  # confirms the New game, import or load that waited
    # advice
    HINT = "hint"
    HINT_PLAY = "hint-play"
    # the tutor's question about a play it judged a mistake (Dialog.TUTOR)
    TUTOR_KEEP = "tutor-keep"  # keep the play: Done
    TUTOR_UNDO = "tutor-undo"  # take it back: the turn from its start
    TUTOR_BEST = "tutor-best"  # show King Tubby's play on the board, for Done
    # reviewing a finished game
    REVIEW = "review"
    REVIEW_SHOW = "review-show"
    REVIEW_PREV = "review-prev"
    REVIEW_NEXT = "review-next"
    REVIEW_BEFORE = "review-before"
    REVIEW_PLAYED = "review-played"
    REVIEW_BEST = "review-best"
    REVIEW_LIST = "review-list"
    # dialogs, saves and the page
    CLOSE = "close"
    STATS_OPEN = "stats-open"
    STATS_RESET = "stats-reset"
    SETTINGS_OPEN = "settings-open"
    SETTING = "setting"
    SOUND = "sound"  # the header's toggle: sound on or muted
    SAVES_OPEN = "saves-open"
    SAVE_SLOT = "save-slot"
    SAVE_OVERWRITE = "save-overwrite"  # confirms saving over the slot named by the value
    UNREADABLE_DOWNLOAD = "unreadable-download"  # value: the storage key of unreadable text
    UNREADABLE_DISCARD = "unreadable-discard"  # value: the same
    LOAD_SLOT = "load-slot"
    DELETE_SLOT = "delete-slot"
    EXPORT = "export"
    IMPORT = "import"  # a file input's change; the page reads the file
    COPY_IDS = "copy-ids"
    POSITION_OPEN = "position-open"  # the Position dialog: Position ID, Match ID, XGID
    COPY_ID = "copy-id"  # value: which identifier ("position", "match" or "xgid")
    HELP_OPEN = "help-open"  # How to play
    COPY_INVITE = "copy-invite"  # the online invite's link
    JOIN_ACCEPT = "join-accept"  # accept the invite the page was opened with (field: name)
    CHAT_OPEN = "chat-open"  # the canned phrases, to say one to the friend online
    CHAT = "chat"  # value: the phrase's number (web.words.chat)
    CLAIM = "claim"  # claim the online game: the friend has been gone the stated time
    MANUAL_OFFER = "manual-offer"  # "Can't connect?": a connection link to send by hand
    MANUAL_ANSWER = "manual-answer"  # the friend's answer code, pasted (field: answer)
    COPY_CODE = "copy-code"  # value: "offer" (the connection link) or "answer" (the code)
    SHARE_LINK = "share-link"  # value: "invite" or "offer": the device's share sheet (a phone's)
    POST_SEND = "post-send"  # playing by messages: the link to send now, shown again
    POST_COPY = "post-copy"  # ...copied
    POST_SHARE = "post-share"  # ...to the device's share sheet
    POST_GAMES = "post-games"  # the games by messages in progress
    POST_OPEN = "post-open"  # value: a game's room: go on with that game
    POST_SWITCH = "post-switch"  # the live game whose connection is gone goes on by links
    POST_LIVE = "post-live"  # ...and back: "" asks (the relays named), "go" goes live
    DISMISS_NOTICE = "dismiss-notice"
    HISTORY_GAME = "history-game"
    # the analysis board (web.control.analysis): setting up a position...
    ANALYSIS_OPEN = "analysis-open"  # the board's editor, on the game's position
    ANALYSIS_CLOSE = "analysis-close"  # back to the game put aside
    EDIT_TOOL = "edit-tool"  # value: web.model.editor.Tool (a colour or the eraser)
    EDIT_CLEAR = "edit-clear"  # every checker off the board
    EDIT_START = "edit-start"  # the starting position
    EDIT_SWAP = "edit-swap"  # the two sides exchanged
    EDIT_SET = "edit-set"  # the set-up form's fields: turn, dice, cube, score...
    EDIT_PASTE = "edit-paste"  # field "id": an XGID, Position ID:Match ID or Position ID
    EDIT_OPEN = "edit-open"  # from the analysis back to the editor, on its position
    # ...and analysing it
    ANALYSE = "analyse"
    ANALYSIS_BACK = "analysis-back"
    ANALYSIS_FORWARD = "analysis-forward"
    ANALYSIS_GO = "analysis-go"  # value: a decision's index in the line (a move list's row)
    ANALYSIS_FIRST = "analysis-first"  # the line's first decision
    ANALYSIS_LAST = "analysis-last"  # ...and its last
    ANALYSIS_GAME = "analysis-game"  # value: a game's index: its first decision
    ANALYSIS_GAME_PREV = "analysis-game-prev"  # this game's start, else the previous game's
    ANALYSIS_GAME_NEXT = "analysis-game-next"  # the next game's start
    ANALYSIS_ERROR = "analysis-error"  # value "prev" or "next"; field "who": "", "0" or "1"
    ANALYSIS_PLAY = "analysis-play"  # value: the ranked play's index
    ANALYSIS_OPPONENT = "analysis-opponent"  # value: an AI level, or "human" (by hand)
    ANALYSIS_PLAY_ON = "analysis-play-on"  # at the AI's turn inside the line: a new line from it
    ANALYSIS_COPY = "analysis-copy"  # value: "position", "match", "xgid" or "link"
    ANALYSIS_CUT = "analysis-cut"  # confirms the act that leaves an imported match's line
    ROLLOUT = "rollout"  # fields: trials, truncate (plies; 0 to the end)
    ROLLOUT_CANCEL = "rollout-cancel"
    MATCH_ANALYSE = "match-analyse"  # every decision of the line's match, in the workers
    MATCH_ANALYSE_CANCEL = "match-analyse-cancel"

    @classmethod
    def parse(cls, text: str) -> Act:
        """The action named ``text``; :class:`UnknownActionError` if none is."""
        try:
            return cls(text)
        except ValueError:
            raise UnknownActionError(f"unknown action {text!r}") from None


KEYS: Mapping[str, Act] = MappingProxyType(
    {
        "r": Act.ROLL,
        "d": Act.DOUBLE,
        "u": Act.UNDO,
        "y": Act.REDO,
        "n": Act.NEW_OPEN,
        "s": Act.SWAP_DICE,
        "h": Act.HINT,
        "?": Act.HELP_OPEN,
        "t": Act.CHAT_OPEN,  # "talk", online only
        "Enter": Act.CONFIRM,  # only when nothing else has focus
        "Escape": Act.SELECT,  # drops the checker picked up
        "ArrowLeft": Act.REVIEW_PREV,
        "ArrowRight": Act.REVIEW_NEXT,  # ...and on the analysis board, a step along its line
        "Home": Act.ANALYSIS_FIRST,
        "End": Act.ANALYSIS_LAST,
        "PageUp": Act.ANALYSIS_GAME_PREV,
        "PageDown": Act.ANALYSIS_GAME_NEXT,
    }
)
"""Keyboard shortcuts (letters in lower case), outside text fields and dialogs."""
