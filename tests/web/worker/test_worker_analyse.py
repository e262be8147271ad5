"""The worker's answer to a decision of a match to analyse (issue #47) is the
engine's verdict, luck and chances, through the protocol's JSON."""

from __future__ import annotations

from engine.ai.match_analysis import analyse_decision
from engine.match import Match
from engine.review import decisions
from web.ai.protocol import AnalyseReply, ErrorReply, decode_reply, encode
from web.coach.match_analysis import request_of
from web.worker.ai import handle


def test_the_worker_answers_as_the_engine_analyses() -> None:
    m = Match.new(5).roll((3, 1)).play("24/20").roll((6, 4)).play("24/14").roll((2, 2))
    for d in decisions(m.record):
        reply = decode_reply(handle(encode(request_of(d))))
        assert isinstance(reply, AnalyseReply)
        j = analyse_decision(d)
        assert (reply.loss, reply.best, reply.counted) == (j.loss, j.best, j.counted)
        assert reply.luck == j.luck and reply.chances == j.chances and reply.unit == j.unit
        assert (reply.luck is None) == (d.kind == "cube")


def test_a_play_that_is_not_legal_is_an_error_reply() -> None:
    d = next(d for d in decisions(Match.new(0).roll((3, 1)).play("8/5 6/5").record))
    assert d.played is not None
    request = request_of(d)
    text = encode(request).replace(d.played.id, d.position.id)  # no play of 3-1 leaves it
    assert isinstance(decode_reply(handle(text)), ErrorReply)
