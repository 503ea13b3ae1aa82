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
