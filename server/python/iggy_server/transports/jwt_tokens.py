"""JWT access tokens of the HTTP API (Iggy 0.8's ``http/jwt``): issue, verify, revoke — signed by PyJWT.

Claims: ``jti`` (random id), ``iss``, ``aud``, ``sub`` (user id as decimal text), ``iat``, ``exp``, ``nbf`` in
seconds. Verification checks the algorithm, issuer and audience against the configured valid lists, ``exp``
/ ``nbf`` with ``clock_skew_ms`` leeway, then the revoked set. Revoked ids (logout, refresh) are kept with their
expiry in ``state/revoked_access_tokens.msgpack`` so a configured secret does not bring them back after a
restart; expired ones are dropped on every revocation, so the set is bounded by the tokens still alive.
"""

from __future__ import annotations

import base64
import secrets
import time
import uuid
from pathlib import Path
from typing import Any

import jwt
from iggy.protocol.codes import ErrorCode

from ..errors import IggyError
from ..persistence import read_msgpack, write_msgpack_atomic

__all__ = ["JwtManager", "TokenClaims"]

REVOKED_FILE = "revoked_access_tokens.msgpack"
_RANDOM_SECRET_BYTES = 64


class TokenClaims:
    __slots__ = ("user_id", "jti", "expiry_s")

    def __init__(self, user_id: int, jti: str, expiry_s: int) -> None:
        self.user_id, self.jti, self.expiry_s = user_id, jti, expiry_s


class JwtManager:
    def __init__(self, jwt_config: Any, state_dir: Path | None) -> None:
        self.algorithm = jwt_config.algorithm
        self.issuer = jwt_config.issuer
        self.audience = jwt_config.audience
        self.valid_issuers = list(jwt_config.valid_issuers)
        self.valid_audiences = list(jwt_config.valid_audiences)
        self.expiry_s = jwt_config.access_token_expiry_ms // 1000
        self.leeway_s = jwt_config.clock_skew_ms / 1000
        self.not_before_s = jwt_config.not_before_ms // 1000
        encoding, decoding = jwt_config.encoding_secret, jwt_config.decoding_secret
        if not encoding:
            # Iggy's default: a random secret per start, so tokens never outlive the process.
            encoding = decoding = secrets.token_bytes(_RANDOM_SECRET_BYTES)
        else:
            if jwt_config.use_base64_secret:
                encoding = base64.b64decode(encoding)
                decoding = base64.b64decode(decoding) if decoding else encoding
            decoding = decoding or encoding
        self._encoding_key = encoding
        self._decoding_key = decoding
        self._revoked_path = state_dir / REVOKED_FILE if state_dir is not None else None
        stored = read_msgpack(self._revoked_path, {}) if self._revoked_path is not None else {}
        self._revoked: dict[str, int] = {str(k): int(v) for k, v in stored.items()}

    def issue(self, user_id: int) -> tuple[str, int]:
        """A new token for ``user_id`` and its expiry (Unix seconds)."""
        now = int(time.time())
        expiry = now + self.expiry_s
        claims = {
            "jti": uuid.uuid4().hex,
            "iss": self.issuer,
            "aud": self.audience,
            "sub": str(user_id),
            "iat": now,
            "exp": expiry,
            "nbf": now + self.not_before_s,
        }
        return jwt.encode(claims, self._encoding_key, algorithm=self.algorithm), expiry

    def verify(self, token: str) -> TokenClaims:
        """The token's claims; any defect (signature, expiry, issuer, audience, revocation) is Unauthenticated."""
        try:
            claims = jwt.decode(
                token,
                self._decoding_key,
                algorithms=[self.algorithm],
                audience=self.valid_audiences,
                issuer=self.valid_issuers,
                leeway=self.leeway_s,
                options={"require": ["exp", "sub", "jti", "iat"]},
            )
            user_id = int(claims["sub"])
        except (jwt.PyJWTError, ValueError, TypeError) as error:
            raise IggyError(ErrorCode.UNAUTHENTICATED, f"invalid access token: {error}") from None
        jti = str(claims["jti"])
        if jti in self._revoked:
            raise IggyError(ErrorCode.UNAUTHENTICATED, "access token has been revoked")
        return TokenClaims(user_id, jti, int(claims["exp"]))

    def revoke(self, claims: TokenClaims) -> None:
        now = int(time.time())
        self._revoked = {jti: expiry for jti, expiry in self._revoked.items() if expiry + self.leeway_s >= now}
        self._revoked[claims.jti] = claims.expiry_s
        if self._revoked_path is not None:
            write_msgpack_atomic(self._revoked_path, self._revoked)
