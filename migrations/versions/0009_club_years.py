"""a club's years and a learner's days: accounts an admin can disable or reset (the next
sign-in sets a new password), account and profile numbers never reused on SQLite, a
learner's daily goal and the answers of each of their days (what streaks count)

Revision ID: 0009_club_years
Revises: 0008_ids_never_reused
Create Date: 2026-12-07 05:00:00

"""
from alembic import op
import sqlalchemy as sa


revision = '0009_club_years'
down_revision = '0008_ids_never_reused'
branch_labels = None
depends_on = None

NEVER_REUSED = ['users', 'learner_profiles']


def upgrade():
    conn = op.get_bind()
    sqlite = conn.dialect.name == 'sqlite'
    highest = {
        t: conn.execute(sa.text(f'SELECT max(id) FROM {t}')).scalar() or 0 for t in NEVER_REUSED
    }
    with op.batch_alter_table('users', schema=None) as batch_op:
        batch_op.add_column(sa.Column('disabled_at', sa.DateTime(), nullable=True))
        batch_op.add_column(
            sa.Column('must_set_password', sa.Boolean(), server_default=sa.false(), nullable=False)
        )
    with op.batch_alter_table('learner_profiles', schema=None) as batch_op:
        batch_op.add_column(sa.Column('daily_goal', sa.Integer(), nullable=True))
    if sqlite:
        for table in NEVER_REUSED:
            with op.batch_alter_table(
                table, recreate='always', table_kwargs={'sqlite_autoincrement': True}
            ) as batch_op:
                pass
        for table, high in highest.items():
            conn.execute(sa.text('DELETE FROM sqlite_sequence WHERE name = :t'), {'t': table})
            conn.execute(
                sa.text('INSERT INTO sqlite_sequence (name, seq) VALUES (:t, :s)'),
                {'t': table, 's': high},
            )
    op.create_table(
        'learner_days',
        sa.Column('profile_id', sa.Integer(), nullable=False),
        sa.Column('day', sa.Date(), nullable=False),
        sa.Column('answers', sa.Integer(), server_default='0', nullable=False),
        sa.ForeignKeyConstraint(['profile_id'], ['learner_profiles.id'], name=op.f('fk_learner_days_profile_id_learner_profiles'), ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('profile_id', 'day', name=op.f('pk_learner_days')),
    )


def downgrade():
    """The new columns and table go; the tables keep AUTOINCREMENT (harmless to older code)."""
    op.drop_table('learner_days')
    with op.batch_alter_table('learner_profiles', schema=None) as batch_op:
        batch_op.drop_column('daily_goal')
    with op.batch_alter_table('users', schema=None) as batch_op:
        batch_op.drop_column('must_set_password')
        batch_op.drop_column('disabled_at')
