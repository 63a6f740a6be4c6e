"""Fill a catalog's empty msgstrs from a Python dict file (a translator's helper).

    python scripts/apply_translations.py translations/zh/LC_MESSAGES/messages.po zh.py
    python scripts/apply_translations.py translations/zh/LC_MESSAGES/messages.po /dev/null --report

`make catalogs` applies every ``scripts/translations/zh_*.py`` in turn, then reports gaps.

``zh.py`` defines ``ZH = {msgid: msgstr}``. Existing translations are kept unless the
dict gives a different one. Prints the msgids still untranslated.
"""

from __future__ import annotations

import runpy
import sys
from pathlib import Path

from babel.messages.pofile import read_po, write_po

po, table_file = Path(sys.argv[1]), sys.argv[2]
table = {} if table_file == "/dev/null" else runpy.run_path(table_file)["ZH"]
with po.open("rb") as fh:
    catalog = read_po(fh)
missing = []
for m in catalog:
    if not m.id:
        continue
    key = m.id if isinstance(m.id, str) else m.id[0]
    if key in table:
        m.string = table[key]
        m.flags.discard("fuzzy")
    elif not m.string:
        missing.append(key)
with po.open("wb") as fh:
    write_po(fh, catalog, width=100)
for key in missing:
    print("untranslated:", key)
