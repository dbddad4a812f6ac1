"""`evo`, the console script (docs/cli.md): `tui.cli.main`, with the garbage collector set
for a process that ends with its command.

Loading the command's modules makes many objects and no garbage, so collection is off from
the start, before anything is imported, and stays off for a short command (one on a save);
those that run long turn it on (`tui.cli._LONG_RUNNING`, the app once it has started). At
exit every object is frozen, so the interpreter's last collection does not visit them all to
find them alive. Together some 10 % of `evo legal`'s instructions (docs/speed.md).
"""

import gc
import sys
from typing import NoReturn


def run() -> NoReturn:
    gc.disable()
    from tui.cli import main

    try:
        code = main()
    finally:
        gc.freeze()
    sys.exit(code)
