"""The analysis board (issue 19): a mode of the page that shares the board.

Set up any position (:mod:`web.analysis.editor`), share it as a link whose
fragment holds its XGID (:mod:`web.analysis.link`), and analyse it with King
Tubby: the ranked plays, the cube decision and the chances
(:mod:`web.analysis.report`); play on from there and step back and forth
(:mod:`web.analysis.intents`).  What it shows is :mod:`web.analysis.view`.
"""
