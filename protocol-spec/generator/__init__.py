"""The protocol-spec generator: load the TOML spec (spec.py) and render code and docs from it."""

from .spec import Spec, SpecError, load_spec

__all__ = ["Spec", "SpecError", "load_spec"]
