"""Hand-written behaviour the generated response types take as a base class (codec_python.EXTRAS)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .codes import STATS_EXTENSION_HOT_PATH
from .errors import ProtocolError

if TYPE_CHECKING:
    from .responses import HotPathStats


class StatsExtras:
    """`hot_path`: the HotPathStats extension block of this project's server, None from other servers."""

    __slots__ = ()

    @property
    def hot_path(self) -> HotPathStats | None:
        from .responses import HotPathStats, StatsExtension  # the generated module imports this one

        for extension in self.extensions:  # type: ignore[attr-defined]
            if isinstance(extension, StatsExtension) and extension.tag == STATS_EXTENSION_HOT_PATH:
                try:
                    return HotPathStats.decode(extension.body)
                except ProtocolError:
                    return None
        return None


def _options_dict(block: bytes) -> dict:
    from .primitives import decode_user_headers  # primitives imports codes only; this module is imported early

    return {str(key.value): value for key, value in decode_user_headers(block).items()} if block else {}


class OptionsExtras:
    """`option_values`: the 0.9 options block decoded as `{key: HeaderValue}` (empty over 0.8)."""

    __slots__ = ()

    @property
    def option_values(self) -> dict:
        return _options_dict(self.options)  # type: ignore[attr-defined]


class TopicOptionsExtras(OptionsExtras):
    """A topic's blocks: `option_values` (the keys its creator or updates set, *explicit*), `derived_option_values`
    (every other catalog key as the server resolved it) and `all_option_values` (both; explicit wins)."""

    __slots__ = ()

    @property
    def derived_option_values(self) -> dict:
        return _options_dict(self.derived_options)  # type: ignore[attr-defined]

    @property
    def all_option_values(self) -> dict:
        return {**self.derived_option_values, **self.option_values}
