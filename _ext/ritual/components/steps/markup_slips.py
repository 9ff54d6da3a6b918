"""Markup slips that would rewrite a step's 原文, caught where the step is read (issue 20).

A step's text is what scholars cite, and its fingerprint is what the registry checks: a slip of
the markup must not change it silently, nor be mistaken for a change of the text. Three slips
reach a step's body unnoticed by the parser:

- a ``::::`` fence left open, so that the next step is parsed *inside* this one: its text (and
  its translation) would become this step's, and the numbers would swap;
- a directive that did not parse (a bad option value): the parser leaves its message, as text,
  where the directive stood;
- role syntax left literal (an empty role ``{role}``…``, an unclosed backquote): the braces and
  backquotes would be printed and exported as 原文.

Each is warned ``xs.bad_markup`` at its line, naming what happened; the step's text is kept
clean of it (the nested step is set after this one, the message is dropped, the literal syntax
is reported, not hidden).
"""

from __future__ import annotations

import re

from docutils import nodes

from ... import nodes as xsnodes
from ...warnings import XsWarning, warn

#: what is left of a role that did not parse: ``{name}`` before a backquote, or a backquote
LITERAL_ROLE = re.compile(r"\{[A-Za-z][\w:-]*\}`*|`+")


def unnest_steps(body: nodes.Element, step_id: str) -> list[xsnodes.step]:
    """The steps parsed inside ``body`` (a fence left open above them), taken out of it."""
    nested = [n for n in body.findall(xsnodes.step) if n is not body]
    outermost = [
        n for n in nested if not any(n in list(o.findall(xsnodes.step))[1:] for o in nested)
    ]
    for inner in outermost:
        warn(
            f"step {inner['step_id']!r} is nested in step {step_id!r}: the '::::' fence of "
            f"{step_id!r} is not closed before it; it is read as a step of its own, after "
            f"{step_id!r}, and kept out of its text (close the fence)",
            XsWarning.BAD_MARKUP,
            inner,
        )
        inner.parent.remove(inner)
    return outermost


def drop_messages(body: nodes.Element, step_id: str, location: object) -> None:
    """Parser messages (a directive that did not parse) out of the step's text."""
    for message in list(body.findall(nodes.system_message)):
        line = message.get("line")
        warn(
            f"step {step_id!r}: markup at line {line or '?'} did not parse (see the warning "
            f"there); its message is kept out of the step's text, and what it held is not read",
            XsWarning.BAD_MARKUP,
            message if line else location,
        )
        message.parent.remove(message)


def literal_role_syntax(text: str, step_id: str, location: object) -> None:
    """Role syntax printed as text: a role with no content or an unclosed backquote."""
    found = sorted({m.group() for m in LITERAL_ROLE.finditer(text)})
    if found:
        warn(
            f"step {step_id!r}: role syntax left as text ({', '.join(repr(f) for f in found)}): "
            "an empty role or an unclosed backquote; it would be published as the text",
            XsWarning.BAD_MARKUP,
            location,
        )
