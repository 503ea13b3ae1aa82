# generated from protocol-spec by protocol-spec/generator — do not edit
# Source: VERSION. Change it, then run `make gen`.
"""The release of the iggy-cli package."""

__version__ = "0.2.0"
