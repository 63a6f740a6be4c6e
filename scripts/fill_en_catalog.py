"""English is the source language: give every empty English msgstr its msgid.

Run by `make catalogs` after `pybabel update`. Chinese is translated by hand in
translations/zh/LC_MESSAGES/messages.po; tests/test_i18n.py fails on any gap.
"""

from __future__ import annotations

import sys
from pathlib import Path

from babel.messages.pofile import read_po, write_po

path = Path(sys.argv[1] if len(sys.argv) > 1 else "translations/en/LC_MESSAGES/messages.po")
with path.open("rb") as fh:
    catalog = read_po(fh, locale="en")
for message in catalog:
    if not message.id:
        continue
    if message.pluralizable:
        if not all(message.string):
            message.string = (message.id[0], message.id[1])
    elif not message.string:
        message.string = message.id
    message.flags.discard("fuzzy")
with path.open("wb") as fh:
    write_po(fh, catalog, width=100, omit_header=False)
