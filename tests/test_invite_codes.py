"""Invite codes: the deal codes' letters (no O, I, L, U), and a code read aloud typed back as it was meant."""

from game.net.tokens import CODE_LETTERS, new_code, normal_code
from game.rules.deal_code import ALPHABET


def test_a_table_code_uses_the_deal_codes_letters_and_none_that_look_alike():
    assert CODE_LETTERS == ALPHABET
    for _i in range(200):
        code = new_code()
        assert len(code) == 6 and set(code) <= set(ALPHABET)
        assert not set(code) & set("OILU")


def test_a_code_typed_with_o_for_zero_or_i_for_one_finds_the_table():
    assert normal_code("k7o-i2l") == "K7012" + "1"
    assert normal_code(" ab 3-x ") == "AB3X"
