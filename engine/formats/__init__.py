"""Every text and file format the engine reads and writes, one module each.

- :mod:`engine.formats.gnubg_id`: GNU Backgammon's Match ID (``MatchKey.from_id`` /
  ``MatchKey.id``; ``InvalidMatchIdError``); its Position ID is the board's own
  text (``Position.from_id`` / ``Position.id``; ``InvalidPositionIdError``);
- :mod:`engine.formats.xgid`: eXtreme Gammon's XGID (``Xgid.parse`` /
  ``str(xgid)``; ``InvalidXgidError``);
- :mod:`engine.formats.mat`: Jellyfish ``.mat`` match files (``MatFile.parse``,
  whose reader is :mod:`~engine.formats.mat_read`, / ``str(mat)``, whose
  writer is :mod:`~engine.formats.mat_write`; ``MatFileError``);
- :mod:`engine.formats.sgf`: GNU Backgammon's ``.sgf`` matches (``read`` /
  ``write``, the same :class:`~engine.formats.mat.MatFile` value; ``SgfError``);
- :mod:`engine.formats.xg`: eXtreme Gammon's binary ``.xg`` matches (``read``,
  the same ``MatFile``; ``XgError``);
- :mod:`engine.formats.match_file`: any match file, told apart by what it
  holds (``read_match_file``);
- :mod:`engine.formats.save`: this project's JSON saves (``loads`` /
  ``dumps``, ``load_match`` / ``save_match``; ``SaveError``).

One shape throughout: a reader takes the text (or bytes) and returns a value,
validated by the engine that plays (parse, then validate: a match is
replayed through :class:`engine.match.Match`); a writer takes the value and
returns the text; bad input raises a subclass of
:class:`engine.errors.FormatError` (a ``ValueError``) whose message says
where (``line``, where the format has lines) and what is wrong.  A match
file read from another program that needed repairs says so in its
``notes`` rather than being refused.

Nothing is imported here, so that the page loads only the formats it uses
(the IDs at start, match files when a player opens one).
"""
