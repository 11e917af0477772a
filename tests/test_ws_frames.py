"""The server's own text frames are the bytes the websockets library makes for the same frame, at every
length boundary of RFC 6455 (7-bit, 16-bit and 64-bit lengths), and a client's parser reads them back."""

from websockets.frames import Frame, Opcode
from websockets.protocol import CLIENT, OPEN, Protocol

from game.net.ws_frames import text_frame


def _library_frame(payload: bytes) -> bytes:
    return Frame(Opcode.TEXT, payload, fin=True).serialize(mask=False)


def test_the_same_bytes_as_the_library_at_each_length_boundary():
    for n in (0, 1, 125, 126, 127, 65535, 65536, 70000):
        payload = b"x" * n
        assert text_frame(payload) == _library_frame(payload), n


def test_a_client_reads_the_text_back():
    texts = ['{"type":"state","hand":["7H","JK"],"name":"Åsa"}' * k for k in (1, 3, 40, 2000)]
    client = Protocol(CLIENT, state=OPEN, max_size=None)
    client.receive_data(b"".join(text_frame(t.encode()) for t in texts))
    frames = client.events_received()
    assert [(f.opcode, f.fin, f.data.decode()) for f in frames] == [(Opcode.TEXT, True, t) for t in texts]
