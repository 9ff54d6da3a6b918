"""Regenerate ``_ext/ritual/data/common-chars.txt`` from the Unicode Han Database.

The list is level 1 (常用字, the first 3500 characters) of 通用规范汉字表 (2013), read from the
``kTGH`` field of Unihan (Debian package ``unicode-data``: /usr/share/unicode). A character of the
edition is *rare*, and gets its pinyin on hover, when neither it nor its Simplified form is listed.

    python tools/common_chars.py [/usr/share/unicode/Unihan_OtherMappings.txt.bz2]
"""

from __future__ import annotations

import bz2
import sys
from pathlib import Path

UNIHAN = Path("/usr/share/unicode/Unihan_OtherMappings.txt.bz2")
OUT = Path(__file__).resolve().parents[1] / "_ext/ritual/data/common-chars.txt"
LEVEL_1 = 3500


def level_one(path: Path) -> list[str]:
    chars: dict[int, str] = {}
    with bz2.open(path, "rt", encoding="utf-8") as f:
        for line in f:
            if "\tkTGH\t" not in line:
                continue
            code, _, value = line.rstrip("\n").split("\t")
            for item in value.split():
                number = int(item.split(":")[1])
                if number <= LEVEL_1:
                    chars[number] = chr(int(code[2:], 16))
    return [chars[n] for n in sorted(chars)]


def main() -> None:
    path = Path(sys.argv[1]) if len(sys.argv) > 1 else UNIHAN
    chars = level_one(path)
    header = (
        "# 通用规范汉字表 (2013), level 1 (常用字): 3500 characters in table order, 50 a line.\n"
        "# Source: Unicode Han Database (Unihan) field kTGH, Unicode 15.0.0\n"
        "# (Debian unicode-data), Unicode License v3. Regenerate with tools/common_chars.py.\n"
    )
    body = "\n".join("".join(chars[i : i + 50]) for i in range(0, len(chars), 50))
    OUT.write_text(header + body + "\n", encoding="utf-8")
    print(f"{OUT}: {len(chars)} characters")


if __name__ == "__main__":
    main()
