import sys
from pathlib import Path

# Reuse the batch builder of the native tests.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "native"))
