"""The offline tools. Importing the package puts the engine (``_ext``) on the path, so that a
tool imports ``ritual``'s pure modules like any other package, wherever its imports are sorted."""

import sys
from pathlib import Path

_EXT = str(Path(__file__).resolve().parents[1] / "_ext")
if _EXT not in sys.path:
    sys.path.insert(0, _EXT)
