"""users: username_key (NFKC + casefold, unique) and session_version

Revision ID: 0002_account_security
Revises: 0001_initial
Create Date: 2026-12-01 06:30:00

Existing names get their key here. Two old accounts whose names now have the same key
(possible before: ``ｍｅｉ`` beside ``mei``, ``Ädmin`` beside ``ädmin``): the older one
keeps the key; the newer one gets ``<key>#<id>`` (``#`` is not allowed in a name, so it
clashes with nothing) and cannot sign in by name until an admin renames it. Each such
account is logged as a warning.
"""
import logging
import unicodedata

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = "0002_account_security"
down_revision = "0001_initial"
branch_labels = None
depends_on = None

log = logging.getLogger("alembic.runtime.migration")


def _key(name):
    # A copy of app.usernames.name_key as of this revision (migrations must not change
    # when the app does).
    folded = unicodedata.normalize("NFKC", name or "").strip().casefold()
    return unicodedata.normalize("NFKC", folded)


def upgrade():
    with op.batch_alter_table("users", schema=None) as batch_op:
        batch_op.add_column(sa.Column("username_key", sa.String(length=160), nullable=True))
        batch_op.add_column(
            sa.Column("session_version", sa.Integer(), server_default="1", nullable=False)
        )

    users = sa.table(
        "users",
        sa.column("id", sa.Integer),
        sa.column("username", sa.String),
        sa.column("username_key", sa.String),
    )
    conn = op.get_bind()
    rows = conn.execute(sa.select(users.c.id, users.c.username).order_by(users.c.id)).all()
    taken = set()
    for user_id, name in rows:
        key = _key(name)
        if key in taken:
            log.warning("user %s: the name %r is taken by an older account; key %s#%s",
                        user_id, name, key, user_id)
            key = f"{key}#{user_id}"
        taken.add(key)
        conn.execute(users.update().where(users.c.id == user_id).values(username_key=key))

    with op.batch_alter_table("users", schema=None) as batch_op:
        batch_op.alter_column("username_key", existing_type=sa.String(length=160), nullable=False)
        batch_op.create_unique_constraint(batch_op.f("uq_users_username_key"), ["username_key"])


def downgrade():
    with op.batch_alter_table("users", schema=None) as batch_op:
        batch_op.drop_constraint(batch_op.f("uq_users_username_key"), type_="unique")
        batch_op.drop_column("session_version")
        batch_op.drop_column("username_key")
