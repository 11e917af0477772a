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


def test_an_invite_is_read_in_any_order_with_an_address_a_lan_address_or_a_ws_url():
    from game.net.invite import read_invite, spoken

    assert read_invite("k7q m3x bolivia.example.org:8765").url == "ws://bolivia.example.org:8765"
    assert read_invite("192.168.1.20:9000 K7Q-M3X").code == "K7QM3X"
    assert read_invite("ws://127.0.0.1:8765 k7qm3x").url == "ws://127.0.0.1:8765"
    assert read_invite("K7QM3X 10.0.0.2").url == "ws://10.0.0.2:8765"
    assert spoken("K7QM3X") == "K7Q M3X"


def test_a_wrong_invite_says_what_is_missing():
    import pytest

    from game.net.invite import BadInvite, read_invite

    with pytest.raises(BadInvite, match="address"):
        read_invite("K7QM3X")
    with pytest.raises(BadInvite, match="letters and digits"):
        read_invite("K7Q 127.0.0.1:8765")
    with pytest.raises(BadInvite, match="not an address"):
        read_invite("K7QM3X host:port")
