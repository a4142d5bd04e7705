"""Deep copies of plain data: dicts, lists, tuples, str, int, float, bool and None.

Engines copy their state into plain data to store it (``dump``) and out of it again (``load``).
``copy.deepcopy`` or a recursive copy in Python walks every list and number in Python; marshal
writes and reads the same data in C, about eight times faster (Speedburg's state at the end of a
game, 30 KB as JSON: 1.2 ms against 0.16 ms per ``dump``, docs/benchmarks.md, session 14).
"""

from __future__ import annotations

import marshal
from typing import Any


def copy(value: Any) -> Any:
    """A deep copy of plain data, equal to ``copy.deepcopy(value)``; ValueError for anything else (an
    object, a function). Equal parts that were one object are separate copies (as after JSON)."""
    return marshal.loads(marshal.dumps(value, 2))
