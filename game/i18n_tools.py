"""Keeping the translation catalogues in step with the code.

`python -m game.i18n_tools` finds every literal passed to `_()` or `ngettext()` in game/ and
scenes/, writes assets/locale/<lang>/LC_MESSAGES/bolivia.po (keeping the translations already
there) and compiles each .po into the .mo that gettext reads. English is the source language:
its catalogue lists every message, translated to itself.
"""

from __future__ import annotations

import ast
import struct
import sys
from pathlib import Path

from game.i18n import DOMAIN, LANGUAGES, LOCALE_DIR

ROOT = Path(__file__).resolve().parent.parent
SOURCES = ("game", "scenes")

Message = tuple[str, str | None]  # (singular, plural or None)


def extract(root: Path = ROOT) -> list[Message]:
    """Every translatable literal in the sources, in a stable order."""
    found: dict[Message, None] = {}
    for folder in SOURCES:
        for path in sorted((root / folder).rglob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
            for node in ast.walk(tree):
                if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name):
                    continue
                args = [a.value if isinstance(a, ast.Constant) and isinstance(a.value, str) else None
                        for a in node.args]
                if node.func.id == "_" and args and args[0]:
                    found[(args[0], None)] = None
                elif node.func.id == "ngettext" and len(args) >= 2 and args[0] and args[1]:
                    found[(args[0], args[1])] = None
    return sorted(found)


def _quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def _unquote(text: str) -> str:
    return ast.literal_eval(text)


META = "Content-Type: text/plain; charset=UTF-8\nLanguage: {lang}\nPlural-Forms: nplurals=2; plural=(n != 1);\n"
HEADER = 'msgid ""\nmsgstr ""\n' + "".join(_quote(line + "\n") + "\n" for line in META.splitlines())


def read_po(path: Path) -> dict[Message, list[str]]:
    """Translations of a .po file: (msgid, msgid_plural) -> msgstr forms."""
    if not path.exists():
        return {}
    entries: dict[Message, list[str]] = {}
    msgid = plural = None
    forms: dict[int, str] = {}
    field = None

    def flush() -> None:
        if msgid:
            entries[(msgid, plural)] = [forms[k] for k in sorted(forms)]

    for raw in path.read_text(encoding="utf-8").splitlines() + [""]:
        line = raw.strip()
        if not line or line.startswith("#"):
            if not line and msgid is not None:
                flush()
                msgid = plural = None
                forms = {}
            continue
        if line.startswith("msgid_plural "):
            plural, field = _unquote(line[13:]), "plural"
        elif line.startswith("msgid "):
            msgid, field = _unquote(line[6:]), "msgid"
        elif line.startswith("msgstr["):
            k = int(line[7:line.index("]")])
            forms[k], field = _unquote(line[line.index("]") + 2:]), k
        elif line.startswith("msgstr "):
            forms[0], field = _unquote(line[7:]), 0
        elif line.startswith('"'):
            if field == "msgid":
                msgid = (msgid or "") + _unquote(line)
            elif field == "plural":
                plural = (plural or "") + _unquote(line)
            elif isinstance(field, int):
                forms[field] += _unquote(line)
    return entries


def write_po(path: Path, lang: str, messages: list[Message], old: dict[Message, list[str]]) -> None:
    out = [f"# Bolivia: {lang} messages. Regenerate with `python -m game.i18n_tools`.", HEADER.format(lang=lang)]
    for msg in messages:
        single, plural = msg
        forms = old.get(msg) or ([single, plural or single] if lang == "en" else [""] * (2 if plural else 1))
        if plural is None:
            out.append(f"msgid {_quote(single)}\nmsgstr {_quote(forms[0])}\n")
        else:
            out.append(f"msgid {_quote(single)}\nmsgid_plural {_quote(plural)}\n"
                       + "".join(f"msgstr[{k}] {_quote(f)}\n" for k, f in enumerate(forms)))
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("\n".join(out), encoding="utf-8")


def compile_mo(entries: dict[Message, list[str]], lang: str) -> bytes:
    """The GNU .mo format: a header, two tables of (length, offset), then the strings."""
    pairs: dict[bytes, bytes] = {b"": META.format(lang=lang).encode("utf-8")}
    for (single, plural), forms in entries.items():
        if not any(forms):
            continue  # untranslated: gettext falls back to the English text
        key = single if plural is None else single + "\0" + plural
        pairs[key.encode("utf-8")] = "\0".join(forms).encode("utf-8")
    keys = sorted(pairs)
    n = len(keys)
    offsets = []
    ids = strs = b""
    for k in keys:
        offsets.append((len(ids), len(k), len(strs), len(pairs[k])))
        ids += k + b"\0"
        strs += pairs[k] + b"\0"
    start = 7 * 4 + 16 * n
    key_table = b"".join(struct.pack("<2I", length, start + o) for o, length, _s, _l in offsets)
    val_start = start + len(ids)
    val_table = b"".join(struct.pack("<2I", length, val_start + o) for _o, _k, o, length in offsets)
    header = struct.pack("<7I", 0x950412DE, 0, n, 7 * 4, 7 * 4 + 8 * n, 0, 0)
    return header + key_table + val_table + ids + strs


def update(root: Path = ROOT) -> list[Path]:
    messages = extract(root)
    written = []
    for lang in LANGUAGES:
        po = LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"
        write_po(po, lang, messages, read_po(po))
        po.with_suffix(".mo").write_bytes(compile_mo(read_po(po), lang))
        written += [po, po.with_suffix(".mo")]
    return written


if __name__ == "__main__":
    for p in update():
        print(p.relative_to(ROOT))
    sys.exit(0)
