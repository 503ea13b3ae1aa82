"""Argon2id password hashing (``cryptography``), stored as a self-describing PHC string.

A stored hash looks like ``$argon2id$v=19$m=19456,t=2,p=1$<salt>$<hash>``: the salt (16 random
bytes) and the cost parameters travel with the hash, so parameters can be raised later and old
hashes still verify. Verification re-derives with the stored parameters and compares in constant
time inside ``cryptography``.

Parameter choice: m = 19 MiB, t = 2, p = 1 is OWASP's recommended Argon2id baseline and also the
``argon2`` crate default that Iggy 0.8 uses. One hash costs ~45 ms on the reference machine:
expensive enough to make offline guessing slow, cheap enough that logins stay fast and tests stay
quick. ``cryptography`` releases the GIL while hashing, so the server runs it in a worker thread
(``asyncio.to_thread``) and the event loop keeps serving other connections.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field

from cryptography.exceptions import InvalidKey, UnsupportedAlgorithm
from cryptography.hazmat.primitives.kdf.argon2 import Argon2id

__all__ = ["PasswordHasher", "DEFAULT_HASHER"]

SALT_BYTES = 16
HASH_BYTES = 32


@dataclass(frozen=True)
class PasswordHasher:
    """Hashes and verifies passwords; the defaults are the production parameters."""

    memory_cost_kib: int = 19_456
    iterations: int = 2
    lanes: int = 1
    # A hash of a random password, verified against when the username is unknown so that "no such
    # user" costs the same time as "wrong password" (no username probing by timing).
    _decoy_hash: list[str] = field(default_factory=list, repr=False, compare=False)

    def hash(self, password: str) -> str:
        kdf = Argon2id(
            salt=os.urandom(SALT_BYTES),
            length=HASH_BYTES,
            iterations=self.iterations,
            lanes=self.lanes,
            memory_cost=self.memory_cost_kib,
        )
        return kdf.derive_phc_encoded(password.encode("utf-8"))

    def verify(self, password: str, encoded_hash: str) -> bool:
        try:
            Argon2id.verify_phc_encoded(password.encode("utf-8"), encoded_hash)
        except InvalidKey:
            return False
        except (ValueError, UnsupportedAlgorithm):
            # A malformed stored hash must never authenticate anyone.
            return False
        return True

    def burn_verify_time(self, password: str) -> None:
        """Spend one verification's worth of work; always fails."""
        if not self._decoy_hash:
            self._decoy_hash.append(self.hash(os.urandom(24).hex()))
        self.verify(password, self._decoy_hash[0])


DEFAULT_HASHER = PasswordHasher()
