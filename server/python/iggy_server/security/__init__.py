"""Users, passwords, personal access tokens and permissions of the reference server.

Start-up (``startup.build_context``) builds, in this order::

    users = UserStore(state_dir)            # <system.path>/state/users.msgpack
    users.ensure_root(username, password)   # creates root (id 0) on the very first start only
    tokens = TokenStore(state_dir, users)   # <system.path>/state/tokens.msgpack
    authorizer = Authorizer(users)

Handlers then call ``ctx.authorizer.require(session, Command.X, stream_id, topic_id)``.
"""

from .authorizer import RULES, Authorizer, Rule, Scope
from .passwords import DEFAULT_HASHER, PasswordHasher
from .permissions import ROOT_PERMISSIONS, permissions_from_state, permissions_to_state
from .tokens import PersonalAccessToken, TokenStore
from .users import ROOT_USER_ID, User, UserStatus, UserStore

__all__ = [
    "Authorizer",
    "DEFAULT_HASHER",
    "PasswordHasher",
    "PersonalAccessToken",
    "ROOT_PERMISSIONS",
    "ROOT_USER_ID",
    "RULES",
    "Rule",
    "Scope",
    "TokenStore",
    "User",
    "UserStatus",
    "UserStore",
    "permissions_from_state",
    "permissions_to_state",
]
