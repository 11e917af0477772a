"""Why the system would not read or write a file, in the player's language. The system's own words
(`strerror`) are in the system's language, usually English: said inside a French or Swedish sentence
they read as a foreign fragment ("Impossible d'écrire … : No space left on device"). The player reads our
words for the usual reasons; the system's exact words and number go to the log, for whoever helps.
"""

from __future__ import annotations

import errno
import logging

from game.i18n import _

log = logging.getLogger("bolivia.files")


def disk_reason(why: OSError, what: str = "") -> str:
    """`why` in the player's words; its detail (errno, the system's text, the file) logged once here."""
    log.warning("%s: %s", what or getattr(why, "filename", None) or "a file", why)
    code = why.errno
    if code in (errno.ENOSPC, getattr(errno, "EDQUOT", -1)):
        return _("the disk is full")
    if code in (errno.EACCES, errno.EPERM):
        return _("the game is not allowed to write there")
    if code == errno.EROFS:
        return _("the disk can only be read, not written")
    if code in (errno.ENOENT, errno.ENOTDIR):
        return _("the folder is missing")
    if code == errno.ENAMETOOLONG:
        return _("the folder's name is too long")
    if code == errno.EIO:
        return _("the disk reported a fault")
    return _("the system refused (error {code})").format(code=errno.errorcode.get(code, code) if code else "?")
