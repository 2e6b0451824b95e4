"""The string literals of a JavaScript source, with enough context to tell a catalogue key, an
import path and the text of an element apart (for tests/source/test_i18n.py).

Not a JavaScript parser: a tokenizer that knows comments, strings, template literals (and the
expressions inside them) and regular expression literals, and that keeps a stack of the
brackets it is in, so it knows the function a literal is an argument of and which argument.
That is all the client's plain style of code needs.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

KEYWORDS_BEFORE_REGEX = {"return", "typeof", "case", "in", "of", "new", "delete", "void", "throw"}
PUNCT_BEFORE_REGEX = set("(,=:[!&|?{};+-*%<>~^")
IDENT = re.compile(r"[A-Za-z_$][\w$]*")
NUMBER = re.compile(r"\d[\w.]*")


@dataclass
class Literal:
    text: str  # the literal's text; for a template, its static parts joined by "\0"
    template: bool
    line: int
    before: tuple[str, ...]  # the significant tokens just before it, nearest last
    callee: str | None  # the function whose argument list it is directly in, if any
    argument: int  # which argument (0 first), or -1 when not directly in a call
    key: str | None  # for a literal after "key:" in an object: that key
    first: str | None = None  # the call's first argument, when it is a plain string

    @property
    def compared(self) -> bool:
        """The literal is one side of ``===`` / ``!==``: a value, not a text."""
        return self.before[-3:] in (("=", "=", "="), ("!", "=", "="))

    @property
    def head(self) -> str:
        """A template's text up to its first ${...}: a dynamic key's fixed prefix."""
        return self.text.split("\0", 1)[0]


class _Frame:
    def __init__(self, opener: str, callee: str | None) -> None:
        self.opener = opener
        self.callee = callee
        self.argument = 0
        self.first: str | None = None


ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "0": "\0"}


def _unescape(raw: str) -> str:
    def one(m: re.Match) -> str:
        body = m.group(1)
        if body[0] in "ux" and len(body) > 1:
            return chr(int(body[1:], 16))
        return ESCAPES.get(body, body)

    return re.sub(r"\\(u[0-9a-fA-F]{4}|x[0-9a-fA-F]{2}|.)", one, raw)


def literals(source: str, line: int = 1) -> list[Literal]:
    found: list[Literal] = []
    tokens: list[str] = []
    stack: list[_Frame] = []
    i = 0
    n = len(source)

    def context_key() -> str | None:
        # `{"aria-label": "x"}` or `{title: "x"}`: the token before ":" names the key.
        if len(tokens) >= 2 and tokens[-1] == ":":
            return tokens[-2].strip("\"'")
        return None

    def add(text: str, template: bool, at_line: int) -> None:
        frame = stack[-1] if stack else None
        in_call = frame is not None and frame.opener == "("
        if in_call and frame.argument == 0 and not template and tokens[-1] == "(":
            frame.first = text
        found.append(
            Literal(
                text,
                template,
                at_line,
                tuple(tokens[-4:]),
                frame.callee if in_call else None,
                frame.argument if in_call else -1,
                context_key(),
                frame.first if in_call else None,
            )
        )

    while i < n:
        c = source[i]
        if c == "\n":
            line += 1
            i += 1
        elif c.isspace():
            i += 1
        elif source.startswith("//", i):
            i = source.find("\n", i)
            i = n if i < 0 else i
        elif source.startswith("/*", i):
            end = source.find("*/", i + 2)
            end = n if end < 0 else end + 2
            line += source.count("\n", i, end)
            i = end
        elif c in "\"'":
            j = i + 1
            out = []
            while j < n and source[j] != c:
                if source[j] == "\\":
                    out.append(source[j : j + 2])
                    j += 2
                    continue
                out.append(source[j])
                j += 1
            add(_unescape("".join(out)), False, line)
            tokens.append(c + "".join(out) + c)
            i = j + 1
        elif c == "`":
            j = i + 1
            parts, part = [], []
            start_line = line
            while j < n and source[j] != "`":
                if source[j] == "\\":
                    part.append(source[j : j + 2])
                    j += 2
                elif source.startswith("${", j):
                    parts.append("".join(part))
                    part = []
                    depth, k = 1, j + 2
                    while k < n and depth:  # the expression, with its own literals
                        if source[k] in "\"'`":
                            quote = source[k]
                            k += 1
                            while k < n and source[k] != quote:
                                k += 2 if source[k] == "\\" else 1
                        elif source[k] == "{":
                            depth += 1
                        elif source[k] == "}":
                            depth -= 1
                        k += 1
                    found.extend(literals(source[j + 2 : k - 1], line))
                    line += source.count("\n", j, k)
                    j = k
                else:
                    if source[j] == "\n":
                        line += 1
                    part.append(source[j])
                    j += 1
            parts.append("".join(part))
            add("\0".join(_unescape(p) for p in parts), True, start_line)
            tokens.append("`template`")
            i = j + 1
        elif c == "/":
            prev = tokens[-1] if tokens else None
            if prev is None or prev in PUNCT_BEFORE_REGEX or prev in KEYWORDS_BEFORE_REGEX:
                j, in_class = i + 1, False
                while j < n and (source[j] != "/" or in_class):
                    if source[j] == "\\":
                        j += 1
                    elif source[j] == "[":
                        in_class = True
                    elif source[j] == "]":
                        in_class = False
                    j += 1
                j += 1
                while j < n and source[j].isalpha():
                    j += 1
                tokens.append("/regex/")
                i = j
            else:
                tokens.append("/")
                i += 1
        elif c in "([{":
            callee = tokens[-1] if c == "(" and tokens and IDENT.fullmatch(tokens[-1]) else None
            stack.append(_Frame(c, callee))
            tokens.append(c)
            i += 1
        elif c in ")]}":
            if stack:
                stack.pop()
            tokens.append(c)
            i += 1
        elif c == ",":
            if stack:
                stack[-1].argument += 1
            tokens.append(c)
            i += 1
        elif (m := IDENT.match(source, i)) or (m := NUMBER.match(source, i)):
            tokens.append(m.group())
            i = m.end()
        else:
            tokens.append(c)
            i += 1
    return found
