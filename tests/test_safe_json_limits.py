"""parse_json's limits hold on both of its ways: the short texts it reads without walking their values
(a few brackets, no escapes) and the others. Nesting one deeper than the limit, a lone surrogate
written as an escape, a byte-order mark, NaN and a huge number are refused; what is within is read."""

import json

import pytest

from game.keep.safe_json import MAX_DEPTH, BadFile, parse_json


def _nested(depth: int, inner: str = "1") -> str:
    text = inner
    for d in range(depth):
        text = f'{{"k":{text}}}' if d % 2 else f"[{text}]"
    return text


def test_the_deepest_value_allowed_is_read_and_one_deeper_refused():
    assert parse_json(_nested(MAX_DEPTH)) == json.loads(_nested(MAX_DEPTH))
    with pytest.raises(BadFile, match="nested too deeply"):
        parse_json(_nested(MAX_DEPTH + 1))
    # brackets inside strings count against the shortcut only: the value is still read
    assert parse_json('{"a":"' + "[" * 40 + '"}') == {"a": "[" * 40}


@pytest.mark.parametrize("text", ['"\\ud800"', '{"\\udc00":1}', '["ok","x\\ud83d"]'])
def test_a_lone_surrogate_is_refused(text: str):
    with pytest.raises(BadFile, match="not valid Unicode"):
        parse_json(text)


def test_escapes_that_make_whole_characters_are_read():
    assert parse_json('{"name":"\\u00c5sa \\ud83d\\ude00"}') == {"name": "Åsa 😀"}


@pytest.mark.parametrize(("text", "why"), [("\ufeff{}", "not valid JSON"), ("[NaN]", "not a number"),
                                          ("[" + "9" * 40 + "]", "far too long"), ('{"a":', "not valid JSON")])
def test_other_texts_out_of_the_limits(text: str, why: str):
    with pytest.raises(BadFile, match=why):
        parse_json(text)


def test_a_move_as_a_client_sends_it():
    text = '{"type":"move","move":{"meld":{"new":[["7H","7S","7D"]],"add":[[0,["8H"]]]}}}'
    assert parse_json(text) == json.loads(text)
