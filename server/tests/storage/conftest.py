import sys
from pathlib import Path

# The batch builder lives next to the native tests; storage tests reuse it.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "native"))
