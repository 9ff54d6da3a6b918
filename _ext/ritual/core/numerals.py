"""Chinese numerals as the edition writes them (pure): one function for the vertical book's
counts of characters (「經三千六百四十五字」) and the figures' numbers (圖十二), and the date of a
version as a book's title page and colophon write it (「二〇二六年十二月二日」).

The 版心's page numbers are written by xsvertical.lua as the page is shipped, with 零 for a
missing place, as modern page numbers are; the counts follow the old books and omit it.
"""

from __future__ import annotations

DIGITS = "〇一二三四五六七八九"
_UNITS = ((1000, "千"), (100, "百"), (10, "十"))
#: A date in words: the year digit by digit, the month and the day as numbers.
DATE_FORM = "{}年{}月{}日"


def classical_number(n: int) -> str:
    """``n`` (1–9999) in Chinese numerals as a 尾題's count writes them: no 零 for a missing
    place (三千五 for 3005, as 「凡四千九百八字」), 一十 after a higher place (六千九百一十五) and
    十 alone at the head (十五)."""
    if not 0 < n < 10000:
        raise ValueError(f"no count of characters is written for {n}")
    out: list[str] = []
    rest = n
    for value, unit in _UNITS:
        digit, rest = divmod(rest, value)
        if digit:
            out.append(("" if digit == 1 and value == 10 and not out else DIGITS[digit]) + unit)
    if rest:
        out.append(DIGITS[rest])
    return "".join(out)


def year_in_words(year: int) -> str:
    """A year digit by digit (二〇二六), as a modern title page writes it."""
    return "".join(DIGITS[int(d)] for d in str(year))


def date_in_words(iso: str) -> str:
    """An ISO date (``2026-12-02``) as a book writes it: 「二〇二六年十二月二日」."""
    year, month, day = (int(part) for part in iso.split("-"))
    return DATE_FORM.format(year_in_words(year), classical_number(month), classical_number(day))
