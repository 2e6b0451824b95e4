"""Diffs between consecutive views: RFC 6902 JSON Patch operations.

The server computes a patch between two already-redacted views of one audience, so a patch
can only ever contain what the newer view contains. Browsers apply the operations with any
JSON Patch library; the Python client uses :func:`apply` (the ``jsonpatch`` package).

Why not ``jsonpatch.make_patch`` for the server side: measured on a full Gin Rummy match it
produced patches of 66% of the snapshot size at about 1 ms each, because it compares lists
element by element. Views change in a few known ways (a card appended to a pile or removed
from a hand, an event appended to the history, a scalar replaced), and the differ below
emits exactly those: a common prefix and suffix are kept, the middle of a list is removed and
added, and a whole value is replaced when that is shorter.
"""

from __future__ import annotations

import copy
from typing import Any

import jsonpatch
import msgpack

SMALL = 12
"""Dicts up to this many keys are replaced whole when that is shorter than their changes."""


def _size(value: Any) -> int:
    return len(msgpack.packb(value))


def _escape(key: str) -> str:
    return key.replace("~", "~0").replace("/", "~1")


def diff(old: Any, new: Any) -> list[dict[str, Any]]:
    """The operations turning ``old`` into ``new``."""
    ops: list[dict[str, Any]] = []
    _diff(old, new, "", ops)
    return ops


def _diff(old: Any, new: Any, path: str, ops: list[dict[str, Any]]) -> None:
    if old is new:
        return
    if type(old) is not type(new):
        ops.append({"op": "replace", "path": path, "value": new})
    elif isinstance(new, dict):
        mark = len(ops)
        for key in old:
            if key not in new:
                ops.append({"op": "remove", "path": f"{path}/{_escape(key)}"})
        for key, value in new.items():
            sub = f"{path}/{_escape(key)}"
            if key not in old:
                ops.append({"op": "add", "path": sub, "value": value})
            else:
                _diff(old[key], value, sub, ops)
        if len(ops) - mark > 1 and path and len(new) <= SMALL:
            replace = {"op": "replace", "path": path, "value": new}
            if _size(replace) < sum(_size(op) for op in ops[mark:]):
                del ops[mark:]
                ops.append(replace)
    elif isinstance(new, list):
        _diff_list(old, new, path, ops)
    elif old != new:
        ops.append({"op": "replace", "path": path, "value": new})


def _diff_list(old: list, new: list, path: str, ops: list[dict[str, Any]]) -> None:
    if old == new:
        return
    n, m = len(old), len(new)
    start = 0
    while start < n and start < m and old[start] == new[start]:
        start += 1
    end = 0
    while end < n - start and end < m - start and old[n - 1 - end] == new[m - 1 - end]:
        end += 1
    removed, added = n - start - end, m - start - end
    if removed == added == 1:
        _diff(old[start], new[start], f"{path}/{start}", ops)
        return
    if removed + added > 4 and removed + added > len(new) // 2:
        ops.append({"op": "replace", "path": path, "value": new})
        return
    for i in range(start + removed - 1, start - 1, -1):
        ops.append({"op": "remove", "path": f"{path}/{i}"})
    for i in range(start, start + added):
        ops.append({"op": "add", "path": f"{path}/{i}", "value": new[i]})


def apply(doc: Any, ops: list[dict[str, Any]]) -> Any:
    """A new document: ``doc`` with ``ops`` applied (``doc`` itself is left alone)."""
    return jsonpatch.apply_patch(copy.deepcopy(doc), ops)
